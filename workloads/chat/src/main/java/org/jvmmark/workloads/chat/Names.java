package org.jvmmark.workloads.chat;

/**
 * The shapes RFC 2812 section 2.3.1 gives nicknames and channel names, and the RFC 1459 case
 * mapping under which {@code Nick[1]} and {@code nick{1}} are the same name. Stateless.
 */
final class Names {
    /** Longer than RFC 2812's 9 (as most servers today allow); the driver's nicks fit in 9. */
    static final int MAX_NICK_LENGTH = 30;
    static final int MAX_CHANNEL_LENGTH = 50;

    private Names() {
    }

    /** {@code ( letter / special ) *( letter / digit / special / "-" )}. */
    static boolean isValidNick(String nick) {
        if (nick.isEmpty() || nick.length() > MAX_NICK_LENGTH) {
            return false;
        }
        for (int i = 0; i < nick.length(); i++) {
            char c = nick.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            boolean special = "[]\\`_^{|}".indexOf(c) >= 0;
            boolean ok = i == 0 ? letter || special : letter || special || (c >= '0' && c <= '9') || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** {@code ( "#" / "&" ) chanstring}: no NUL, BEL, CR, LF, space, comma or colon. */
    static boolean isValidChannel(String name) {
        if (name.length() < 2 || name.length() > MAX_CHANNEL_LENGTH || (name.charAt(0) != '#' && name.charAt(0) != '&')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == 0 || c == 7 || c == '\r' || c == '\n' || c == ' ' || c == ',' || c == ':') {
                return false;
            }
        }
        return true;
    }

    static boolean isChannel(String target) {
        return !target.isEmpty() && (target.charAt(0) == '#' || target.charAt(0) == '&');
    }

    /** The RFC 1459 case mapping: ASCII letters, and {@code []\~} as the upper case of {@code {}|^}. */
    static String fold(String name) {
        char[] out = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            char f = c >= 'A' && c <= 'Z' ? (char) (c + 32)
                    : c == '[' ? '{' : c == ']' ? '}' : c == '\\' ? '|' : c == '~' ? '^' : c;
            if (f != c) {
                if (out == null) {
                    out = name.toCharArray();
                }
                out[i] = f;
            }
        }
        return out == null ? name : new String(out);
    }
}

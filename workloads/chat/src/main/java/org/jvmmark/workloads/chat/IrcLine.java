package org.jvmmark.workloads.chat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One IRC message as RFC 2812 section 2.3.1 defines it: an optional {@code :prefix}, a command
 * (a word or a three-digit numeric) and up to 15 parameters, the last of which may be a
 * {@code :trailing} one containing spaces. Immutable.
 */
public final class IrcLine {
    private static final int MAX_PARAMS = 15;

    private final String prefix;
    private final String command;
    private final List<String> params;

    private IrcLine(String prefix, String command, List<String> params) {
        this.prefix = prefix;
        this.command = command;
        this.params = params;
    }

    /**
     * Parses a line without its CR LF.
     *
     * @return the message, or {@code null} for a line with no command (blank, or a bare prefix)
     */
    public static IrcLine parse(String line) {
        int i = 0;
        int n = line.length();
        String prefix = null;
        if (n > 0 && line.charAt(0) == ':') {
            int sp = line.indexOf(' ');
            if (sp < 0) {
                return null;
            }
            prefix = line.substring(1, sp);
            i = sp;
        }
        i = skipSpaces(line, i);
        int end = wordEnd(line, i);
        if (end == i) {
            return null;
        }
        String command = line.substring(i, end).toUpperCase(java.util.Locale.ROOT);
        List<String> params = new ArrayList<>(4);
        i = end;
        while (true) {
            i = skipSpaces(line, i);
            if (i >= n) {
                break;
            }
            if (line.charAt(i) == ':' || params.size() == MAX_PARAMS - 1) {
                params.add(line.substring(line.charAt(i) == ':' ? i + 1 : i));
                break;
            }
            end = wordEnd(line, i);
            params.add(line.substring(i, end));
            i = end;
        }
        return new IrcLine(prefix, command, Collections.unmodifiableList(params));
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static int wordEnd(String s, int i) {
        while (i < s.length() && s.charAt(i) != ' ') {
            i++;
        }
        return i;
    }

    /** The prefix without its colon, or {@code null}. */
    public String prefix() {
        return prefix;
    }

    /** The prefix's nickname ({@code nick} of {@code nick!user@host}), or {@code null}. */
    public String prefixNick() {
        if (prefix == null) {
            return null;
        }
        int bang = prefix.indexOf('!');
        return bang < 0 ? prefix : prefix.substring(0, bang);
    }

    /** The command in upper case, e.g. {@code PRIVMSG} or {@code 001}. */
    public String command() {
        return command;
    }

    public List<String> params() {
        return params;
    }

    /** Parameter {@code i}, or {@code null} when there are fewer. */
    public String param(int i) {
        return i < params.size() ? params.get(i) : null;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        if (prefix != null) {
            b.append(':').append(prefix).append(' ');
        }
        b.append(command);
        for (int i = 0; i < params.size(); i++) {
            String p = params.get(i);
            b.append(' ');
            if (i == params.size() - 1 && (p.isEmpty() || p.indexOf(' ') >= 0 || p.charAt(0) == ':')) {
                b.append(':');
            }
            b.append(p);
        }
        return b.toString();
    }
}

package org.jvmmark.workloads.chat;

/**
 * The text of a driver message: {@code <sender> <sequence> <send time, hex ns> } followed by a
 * fixed letter pattern up to the message length (60 characters in VolanoMark). The header makes
 * every message checkable — who sent it, which one it was, when — and the pattern makes a corrupted
 * or truncated body visible. Stateless.
 */
final class MessageText {
    /** Room for the longest header. */
    static final int MIN_CHARS = 36;

    private MessageText() {
    }

    static String encode(int sender, int sequence, long sendNanos, int chars) {
        StringBuilder b = new StringBuilder(chars);
        b.append(sender).append(' ').append(sequence).append(' ').append(Long.toHexString(sendNanos)).append(' ');
        while (b.length() < chars) {
            b.append(pattern(b.length()));
        }
        return b.toString();
    }

    private static char pattern(int i) {
        return (char) ('a' + i % 26);
    }

    /** A decoded message; {@code null} from {@link #decode} when the text is not intact. */
    static final class Decoded {
        final int sender;
        final int sequence;
        final long sendNanos;

        Decoded(int sender, int sequence, long sendNanos) {
            this.sender = sender;
            this.sequence = sequence;
            this.sendNanos = sendNanos;
        }
    }

    static Decoded decode(String text, int chars) {
        if (text.length() != chars) {
            return null;
        }
        int a = text.indexOf(' ');
        int b = a < 0 ? -1 : text.indexOf(' ', a + 1);
        int c = b < 0 ? -1 : text.indexOf(' ', b + 1);
        if (c < 0) {
            return null;
        }
        for (int i = c + 1; i < chars; i++) {
            if (text.charAt(i) != pattern(i)) {
                return null;
            }
        }
        try {
            return new Decoded(Integer.parseInt(text.substring(0, a)), Integer.parseInt(text.substring(a + 1, b)),
                    Long.parseUnsignedLong(text.substring(b + 1, c), 16));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

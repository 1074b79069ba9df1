package org.jvmmark.runner.base;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A console stream that prints control characters as {@code ?}: every C0 control but newline and tab (so ESC, which
 * starts the sequences that move the cursor, clear the screen, set the window title or write the clipboard, and the
 * carriage return that would let a line overwrite the verdict above it), DEL, and the C1 controls as UTF-8 writes them
 * ({@code C2 80}..{@code C2 9F}, 8-bit CSI among them). Labels, trial ids, errors and file names reach the terminal
 * from results files and JVMs that someone else may control; filtering the stream catches every one of them, where
 * escaping each print would miss the next. jvmmark's own drawing (the progress bar) writes to {@link #raw}.
 *
 * <p>Thread-safe as {@link PrintStream} is: writes are synchronized on the stream.
 */
public final class InertControls extends PrintStream {
    private final PrintStream raw;

    private InertControls(PrintStream raw, Charset charset) {
        super(new Filter(raw, charset.equals(StandardCharsets.UTF_8)), true, charset);
        this.raw = raw;
    }

    /**
     * {@code out} filtered, writing in {@code charset} (the one {@code out} writes: a stream of this class is read by
     * whoever reads {@code out}); one already filtered is returned as it is.
     */
    public static PrintStream of(PrintStream out, Charset charset) {
        return out instanceof InertControls ? out : new InertControls(out, charset);
    }

    /** The charset the JVM's own {@code System.out} and {@code System.err} write (JDK 17 has no accessor for it). */
    public static Charset consoleCharset() {
        for (String p : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(p);
            if (name != null && Charset.isSupported(name)) {
                return Charset.forName(name);
            }
        }
        return Charset.defaultCharset();
    }

    /** The stream under {@code out}'s filter, for text jvmmark draws itself; {@code out} when it is not filtered. */
    public static PrintStream raw(PrintStream out) {
        return out instanceof InertControls i ? i.raw : out;
    }

    /** {@code s} with the same characters replaced, for text that goes to {@link #raw}. */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(control(c) || (c >= 0x80 && c <= 0x9F) ? '?' : c);
        }
        return sb.toString();
    }

    private static boolean control(int b) {
        return (b < 0x20 && b != '\n' && b != '\t') || b == 0x7F;
    }

    @Override
    public void flush() {
        super.flush();
        raw.flush();
    }

    /** The byte filter: encoded text in, the same with controls as {@code ?}. */
    private static final class Filter extends FilterOutputStream {
        /** UTF-8, where C1 controls are two bytes; in the single-byte charsets they are one, 80..9F. */
        private final boolean utf8;
        /** A C2 lead byte seen, waiting for the byte that says whether it starts a C1 control. */
        private boolean pendingC2;

        Filter(OutputStream out, boolean utf8) {
            super(out);
            this.utf8 = utf8;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            byte[] kept = new byte[len + 1];
            int n = 0;
            for (int i = off; i < off + len; i++) {
                int c = b[i] & 0xFF;
                if (!utf8) {
                    kept[n++] = (byte) (control(c) || (c >= 0x80 && c <= 0x9F) ? '?' : c);
                    continue;
                }
                if (pendingC2) {
                    pendingC2 = false;
                    if (c >= 0x80 && c <= 0x9F) {
                        kept[n++] = '?';
                        continue;
                    }
                    kept[n++] = (byte) 0xC2;
                }
                if (c == 0xC2) {
                    pendingC2 = true;
                } else {
                    kept[n++] = (byte) (control(c) ? '?' : c);
                }
            }
            out.write(kept, 0, n);
        }
    }
}

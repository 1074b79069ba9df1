package org.jvmmark.workloads.startup.programs;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * How a launched program tells the parent what only it can see, in a typed form: a file of
 * {@code key=value} lines (schema {@value #SCHEMA}; numbers in nanoseconds or bytes, never
 * formatted for humans), read back with {@link java.util.Properties}.
 *
 * <p>Arguments of every program: {@code <report file> <idle millis>}. Without arguments nothing
 * is written (the program is then a plain program). With idle millis above zero the program first
 * stays alive that long, then reports its resident set and, through {@link IdleFootprint}, what the
 * management beans say; with zero it reports only its kernel-side peak.
 *
 * <p>{@code VmHWM} (the kernel's high-water mark of resident memory) is read from
 * {@code /proc/self/status} as the program's last act, so it covers the whole start and the
 * program's work; the JVM's shutdown after it only releases memory. Kept free of
 * {@code java.management} unless idling, so the hello world loads only what a hello world loads.
 *
 * <p>Not instantiated; used once per process from the program's main thread.
 */
public final class ProgramReport {
    public static final String SCHEMA = "jvmmark-startup-report/1";

    private ProgramReport() {
    }

    static void finish(String[] args, String program, long mainNanos, long responseNanos)
            throws IOException, InterruptedException {
        if (args.length == 0) {
            return;
        }
        long idleMillis = args.length > 1 ? Long.parseLong(args[1]) : 0;
        if (idleMillis > 0) {
            Thread.sleep(idleMillis);
        }
        StringBuilder out = new StringBuilder(512);
        line(out, "schema", SCHEMA);
        line(out, "program", program);
        line(out, "mainNanos", Long.toString(mainNanos));
        if (responseNanos != 0) {
            line(out, "responseNanos", Long.toString(responseNanos));
        }
        line(out, "vmInfo", String.valueOf(System.getProperty("java.vm.info")));
        line(out, "idleMillis", Long.toString(idleMillis));
        procStatus(out);
        if (idleMillis > 0) {
            IdleFootprint.append(out);
        }
        line(out, "reportNanos", Long.toString(System.nanoTime()));
        try (OutputStream file = new FileOutputStream(args[0])) {
            file.write(out.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** VmHWM, VmRSS (kB in the file, bytes here) and the OS thread count, where Linux provides them. */
    private static void procStatus(StringBuilder out) throws IOException {
        String status;
        try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/status")) {
            status = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (java.io.FileNotFoundException e) {
            return; // not Linux: the parent reports no RSS figures
        }
        for (String l : status.split("\n")) {
            if (l.startsWith("VmHWM:")) {
                line(out, "vmHwmBytes", Long.toString(kib(l) * 1024));
            } else if (l.startsWith("VmRSS:")) {
                line(out, "vmRssBytes", Long.toString(kib(l) * 1024));
            } else if (l.startsWith("Threads:")) {
                line(out, "osThreads", l.substring("Threads:".length()).trim());
            }
        }
    }

    private static long kib(String statusLine) {
        String v = statusLine.substring(statusLine.indexOf(':') + 1).trim();
        return Long.parseLong(v.substring(0, v.indexOf(' ')));
    }

    static void line(StringBuilder out, String key, String value) {
        out.append(key).append('=').append(value.replace("\\", "\\\\").replace("\n", " ")).append('\n');
    }
}

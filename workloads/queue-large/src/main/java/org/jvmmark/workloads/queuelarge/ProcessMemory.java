package org.jvmmark.workloads.queuelarge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * This JVM's memory as the kernel sees it at one moment, from {@code /proc/self/status} and
 * {@code /proc/self/stat}: resident and virtual size, the resident part that is mapped files (the
 * queue's pages), and the major page faults so far (pages that had to come from disk). A figure
 * the kernel did not give is -1. {@link #storageReadBytes()} adds what came from storage
 * ({@code /proc/self/io}). Immutable.
 */
final class ProcessMemory {
    final long rssBytes;
    final long virtualBytes;
    final long rssFileBytes;
    final long majorFaults;

    private ProcessMemory(long rssBytes, long virtualBytes, long rssFileBytes, long majorFaults) {
        this.rssBytes = rssBytes;
        this.virtualBytes = virtualBytes;
        this.rssFileBytes = rssFileBytes;
        this.majorFaults = majorFaults;
    }

    static ProcessMemory now() {
        String status = read("/proc/self/status");
        return new ProcessMemory(kib(status, "VmRSS:"), kib(status, "VmSize:"), kib(status, "RssFile:"), majorFaults(read("/proc/self/stat")));
    }

    private static String read(String file) {
        try {
            return new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return "";
        }
    }

    private static long kib(String status, String key) {
        for (String line : status.split("\n")) {
            if (line.startsWith(key)) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    /**
     * Bytes this process caused to be fetched from storage so far ({@code read_bytes} of
     * {@code /proc/self/io}, all threads): page faults and the readahead they start count, pages found
     * in the page cache do not. -1 where the kernel does not keep the count (no task I/O accounting).
     */
    static long storageReadBytes() {
        return storageReadBytes(read("/proc/self/io"));
    }

    static long storageReadBytes(String io) {
        for (String line : io.split("\n")) {
            if (line.startsWith("read_bytes:")) {
                return Long.parseLong(line.substring("read_bytes:".length()).trim());
            }
        }
        return -1;
    }

    /** Field 12 ({@code majflt}) of {@code /proc/self/stat}; the command name before it may hold spaces. */
    static long majorFaults(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] fields = stat.substring(close + 2).trim().split(" ");
        // after ")": state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8) flags(9) minflt(10) cminflt(11) majflt(12)
        return fields.length > 9 ? Long.parseLong(fields[9]) : -1;
    }
}

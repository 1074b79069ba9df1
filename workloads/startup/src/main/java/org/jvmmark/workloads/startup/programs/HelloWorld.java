package org.jvmmark.workloads.startup.programs;

/**
 * The smallest Java program: prints one line and returns. Run with a report path (see
 * {@link ProgramReport}) it also tells the parent when its {@code main} began; run without
 * arguments it is a plain hello world.
 *
 * <p>Not instantiated; {@code main} runs once per process.
 */
public final class HelloWorld {
    private HelloWorld() {
    }

    public static void main(String[] args) throws Exception {
        // The first statement of main: the "fork to main" end point, read before anything else runs.
        long mainNanos = System.nanoTime();
        System.out.println("Hello, world!");
        ProgramReport.finish(args, "hello", mainNanos, 0L);
    }
}

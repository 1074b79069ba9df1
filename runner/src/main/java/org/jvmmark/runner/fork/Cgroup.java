package org.jvmmark.runner.fork;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One child cgroup the runner made for one launch, with a CPU quota and a memory limit written into it, and removed
 * when the launch is over ({@link #close}), also on Ctrl-C, at a time limit, or when the runner exits ({@link #LIVE} is
 * emptied by a shutdown hook, which first lets the processes in it end as the runner stops them). A process enters it by writing its own pid to {@link #procsFiles()} before it execs the
 * JVM (see {@link Confinement}), so that the JVM reads its limits when it starts, as it would in a container.
 *
 * <p>The arithmetic is Docker's: {@code --cpus 1.5} is a quota of 150,000 µs of CPU time per 100,000 µs period ({@code
 * cpu.cfs_quota_us} and {@code cpu.cfs_period_us} on cgroup v1, {@code cpu.max} "150000 100000" on v2); {@code
 * --memory} is {@code memory.limit_in_bytes} (v1) or {@code memory.max} (v2). Swap is left as the parent has it.
 * Thread-safe.
 */
public final class Cgroup implements AutoCloseable {
    /** Docker's period: 100 ms. */
    static final long PERIOD_MICROS = 100_000;
    private static final Set<Cgroup> LIVE = ConcurrentHashMap.newKeySet();
    private static final long REMOVE_WAIT_MILLIS = 3000;
    /** How many names {@link #create} tries before it gives up. */
    static final int MAX_NAME_ATTEMPTS = 100;

    /**
     * How long the shutdown hook lets the processes in a cgroup end by themselves before it kills them: longer than
     * the grace {@link ChildProcess} gives a stopped JVM to run its shutdown hooks (a queue in {@code /dev/shm} is
     * removed by one).
     */
    private static final long EXIT_GRACE_MILLIS = 5000;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long until = System.nanoTime() + EXIT_GRACE_MILLIS * 1_000_000L;
            for (Cgroup c : LIVE) {
                c.awaitEmpty(until);
                c.close();
            }
            CgroupDelegation.releaseAll();
        }, "jvmmark-cgroups"));
    }

    private final List<Path> dirs;
    private final String settings;
    private boolean closed;

    /** The directories this cgroup made: a concurrent list the making call fills, so that the hook may undo it meanwhile. */
    private Cgroup(List<Path> dirs, String settings) {
        this.dirs = dirs;
        this.settings = settings;
    }

    /**
     * Makes cgroup {@code name} in each controller's place that {@code limits} needs, and writes the limits. A cgroup of
     * that name that is there already is not jvmmark's to touch (a stale one of an earlier runner, another tool's): it
     * is left alone and a new name tried ({@code name-2}, {@code name-3}, ...), in every place at once.
     *
     * @param cpu the cpu controller's place, used when {@code cpus} is not null
     * @param memory the memory controller's place, used when {@code memoryBytes} is not null
     * @throws IOException with what could not be made or written; whatever was made is removed again
     */
    static Cgroup create(CgroupHost.Controller cpu, CgroupHost.Controller memory, Double cpus, Long memoryBytes, String name)
            throws IOException {
        for (int attempt = 1; ; attempt++) {
            String candidate = attempt == 1 ? name : name + "-" + attempt;
            Cgroup made = tryCreate(cpu, memory, cpus, memoryBytes, candidate);
            if (made != null) {
                return made;
            }
            if (attempt == MAX_NAME_ATTEMPTS) {
                throw new IOException("cannot make a cgroup named " + name + ": " + MAX_NAME_ATTEMPTS + " names taken already");
            }
        }
    }

    /** {@link #create} under {@code name}; null when a cgroup of that name is there already (nothing then touched). */
    private static Cgroup tryCreate(CgroupHost.Controller cpu, CgroupHost.Controller memory, Double cpus, Long memoryBytes,
                                    String name) throws IOException {
        Map<Path, Map<String, String>> writes = new LinkedHashMap<>();
        if (cpus != null) {
            writes.computeIfAbsent(cpu.dir().resolve(name), d -> new LinkedHashMap<>()).putAll(cpuSettings(cpu.v2(), cpus));
        }
        if (memoryBytes != null) {
            writes.computeIfAbsent(memory.dir().resolve(name), d -> new LinkedHashMap<>()).putAll(memorySettings(memory.v2(), memoryBytes));
        }
        List<String> said = new ArrayList<>();
        List<Path> created = new CopyOnWriteArrayList<>();
        // only what this call made is ever removed, also when it fails
        Cgroup made = new Cgroup(created, "");
        LIVE.add(made);
        try {
            for (Map.Entry<Path, Map<String, String>> e : writes.entrySet()) {
                try {
                    Files.createDirectory(e.getKey());
                } catch (FileAlreadyExistsException x) {
                    made.close();
                    return null;
                } catch (IOException x) {
                    throw new IOException("cannot make " + e.getKey() + ": " + reason(x), x);
                }
                created.add(e.getKey());
                for (Map.Entry<String, String> w : e.getValue().entrySet()) {
                    write(e.getKey().resolve(w.getKey()), w.getValue());
                    said.add(w.getKey() + " " + w.getValue());
                }
            }
        } catch (IOException | RuntimeException e) {
            made.close();
            throw e;
        }
        LIVE.remove(made);
        Cgroup cgroup = new Cgroup(created, String.join(", ", said));
        LIVE.add(cgroup);
        return cgroup;
    }

    /** Docker's quota for {@code cpus}: µs of CPU time per {@link #PERIOD_MICROS}, at least the kernel's 1,000. */
    static long quotaMicros(double cpus) {
        return Math.max(1000, Math.round(cpus * PERIOD_MICROS));
    }

    /** The files and values that give a cgroup a quota of {@code cpus}, in the order they are written. */
    static Map<String, String> cpuSettings(boolean v2, double cpus) {
        Map<String, String> m = new LinkedHashMap<>();
        if (v2) {
            m.put("cpu.max", quotaMicros(cpus) + " " + PERIOD_MICROS);
        } else {
            m.put("cpu.cfs_period_us", Long.toString(PERIOD_MICROS));
            m.put("cpu.cfs_quota_us", Long.toString(quotaMicros(cpus)));
        }
        return m;
    }

    /** The file and value that limit a cgroup's memory to {@code bytes}. */
    static Map<String, String> memorySettings(boolean v2, long bytes) {
        return Map.of(v2 ? "memory.max" : "memory.limit_in_bytes", Long.toString(bytes));
    }

    /** The {@code cgroup.procs} files a process writes its pid to, to enter this cgroup (one per hierarchy). */
    List<Path> procsFiles() {
        return dirs.stream().map(d -> d.resolve("cgroup.procs")).toList();
    }

    /**
     * How many processes the kernel's OOM killer killed in this cgroup at its memory limit ({@code oom_kill} of v1's
     * {@code memory.oom_control}, v2's {@code memory.events}); 0 where the kernel does not count them. Read it before
     * {@link #close}.
     */
    int oomKills() {
        int kills = 0;
        for (Path dir : dirs) {
            for (String file : List.of("memory.oom_control", "memory.events")) {
                try {
                    for (String line : Files.readAllLines(dir.resolve(file))) {
                        if (line.startsWith("oom_kill ")) {
                            kills += Integer.parseInt(line.substring("oom_kill ".length()).trim());
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // not this version's file, or not a memory cgroup
                }
            }
        }
        return kills;
    }

    /** What was written: "cpu.cfs_period_us 100000, cpu.cfs_quota_us 150000, memory.limit_in_bytes 536870912". */
    String settings() {
        return settings;
    }

    /**
     * Removes the cgroup, and the cgroups the trial's JVM made inside it, depth first (a cgroup with a child cannot be
     * removed): a process still in one (one the JVM started and left behind) is killed first, as a cgroup with a process
     * in it cannot be removed either. What cannot be removed within a few seconds is left.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LIVE.remove(this);
        for (Path dir : List.copyOf(dirs)) {
            removeTree(dir, System.nanoTime() + REMOVE_WAIT_MILLIS * 1_000_000L);
        }
    }

    /** Removes {@code dir}'s child cgroups (depth first), then {@code dir}, until {@code until}. */
    private static void removeTree(Path dir, long until) {
        for (Path child : childCgroups(dir)) {
            removeTree(child, until);
        }
        while (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            killLeftovers(dir);
            try {
                Files.delete(dir);
            } catch (IOException e) {
                if (System.nanoTime() - until > 0) {
                    break;
                }
                pause();
            }
        }
    }

    /** The cgroups inside {@code dir}: its directories (a cgroup's files are not). */
    static List<Path> childCgroups(Path dir) {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
            s.forEach(children::add);
        } catch (IOException e) {
            // gone, or unreadable: nothing inside to remove
        }
        return children;
    }

    /** Waits until no process is left in this cgroup, or {@code System.nanoTime()} passes {@code until}. */
    private void awaitEmpty(long until) {
        while (System.nanoTime() - until < 0 && dirs.stream().anyMatch(Cgroup::hasProcesses)) {
            pause();
        }
    }

    private static boolean hasProcesses(Path dir) {
        try {
            return Files.readAllLines(dir.resolve("cgroup.procs")).stream().anyMatch(l -> !l.isBlank());
        } catch (IOException e) {
            return false;
        }
    }

    private static void killLeftovers(Path dir) {
        try {
            for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                if (!pid.isBlank()) {
                    ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone already, or not a cgroup: nothing to kill
        }
    }

    private static void write(Path file, String value) throws IOException {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new IOException("cannot write " + value + " to " + file + ": " + reason(e), e);
        }
    }

    /** Why a file operation failed, in words: "permission denied", "no such directory", "it exists already". */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such directory";
        }
        return e instanceof java.nio.file.FileAlreadyExistsException ? "it exists already" : String.valueOf(e.getMessage());
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.jvmmark.results;

import java.util.List;
import java.util.Map;

/**
 * One {@code results.json}: the host, the profile and every trial, in file order. Immutable, hence
 * thread-safe.
 *
 * @param created ISO-8601 instant the run started
 * @param finished ISO-8601 instant the run ended; when the file does not say, its last update
 *     ({@code updated}); null when neither is known
 * @param host the host's facts, in file order, as display strings (cpuModel, cpus, kernel, ...)
 * @param updated ISO-8601 instant of the last trial recorded, or null
 * @param hostValues the host's facts as in the file (numbers stay numbers, nulls stay null)
 * @param command the options {@code run} or {@code tune} was given ({@link Command}; {@link Command#NONE} when none
 *     was recorded)
 * @param questions the questions each workload of this run declared, by workload; empty for files that predate them
 * @param forkAccount with {@code --forks auto}, how many forks each row took and why; null otherwise
 * @param jvmFacts what each JDK of the run chose by itself, by JDK label as in trial ids (the top-level
 *     {@value JvmFacts#KEY} object); empty for files that predate it
 * @param more top-level fields this model does not name, kept as plain JSON values
 */
public record Results(String schema, String created, String finished, String profile, Map<String, String> host,
                      List<Trial> trials, String updated, Map<String, Object> hostValues, Command command,
                      Map<String, List<WorkloadQuestion>> questions, ForkAccount forkAccount, Map<String, JvmFacts> jvmFacts,
                      Map<String, Object> more) {
    /** The format's major version: a reader refuses a file of a newer one. */
    public static final int MAJOR = 1;
    /** The format's name as the {@code schema} field says it. */
    public static final String SCHEMA = "jvmmark/results/" + MAJOR;
    /**
     * The published JSON Schema's id, written as the file's {@code $schema}: {@code results/schema/results-1.json}
     * in the source tree, {@value #SCHEMA_RESOURCE} in this module's jar.
     */
    public static final String SCHEMA_ID = "urn:jvmmark:schema:results-" + MAJOR;
    /** Where the JSON Schema of this format lies on the class path. */
    public static final String SCHEMA_RESOURCE = "/org/jvmmark/results/results-1.json";
    /** The top-level key of the fork account ({@link ForkAccount}). */
    public static final String FORK_ACCOUNT = "forkAccount";

    public Results {
        if (finished == null) {
            finished = updated;
        }
        host = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(host));
        trials = List.copyOf(trials);
        hostValues = JsonValues.copy(hostValues);
        command = command == null ? Command.NONE : command;
        Map<String, List<WorkloadQuestion>> q = new java.util.LinkedHashMap<>();
        if (questions != null) {
            questions.forEach((w, qs) -> q.put(w, qs.stream().filter(java.util.Objects::nonNull).toList()));
        }
        questions = java.util.Collections.unmodifiableMap(q);
        jvmFacts = jvmFacts == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(jvmFacts));
        more = JsonValues.copy(more);
    }

    /**
     * A result set whose questions, fork account and JDK facts, if any, are among {@code more} as plain JSON values
     * (under {@value WorkloadQuestion#KEY}, {@value #FORK_ACCOUNT} or the older {@code "forks"}, and
     * {@value JvmFacts#KEY}): they are read into their typed fields.
     */
    public Results(String schema, String created, String finished, String profile, Map<String, String> host,
                   List<Trial> trials, String updated, Map<String, Object> hostValues, Command command,
                   Map<String, Object> more) {
        this(schema, created, finished, profile, host, trials, updated, hostValues, command,
                ResultsMapper.questions(more.get(WorkloadQuestion.KEY)),
                ResultsMapper.forkAccount(more.containsKey(FORK_ACCOUNT) ? more.get(FORK_ACCOUNT) : more.get("forks")),
                ResultsMapper.jvmFacts(more.get(JvmFacts.KEY)), without(more, WorkloadQuestion.KEY, FORK_ACCOUNT, "forks",
                JvmFacts.KEY));
    }

    /** As the constructor above, the command as its block's plain JSON values ({@link Command#of}). */
    public Results(String schema, String created, String finished, String profile, Map<String, String> host,
                   List<Trial> trials, String updated, Map<String, Object> hostValues, Map<String, Object> command,
                   Map<String, Object> more) {
        this(schema, created, finished, profile, host, trials, updated, hostValues, Command.of(command), more);
    }

    private static Map<String, Object> without(Map<String, Object> more, String... keys) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(more);
        for (String k : keys) {
            m.remove(k);
        }
        return m;
    }

    /** A result set built in code (tests, merges): the host's facts as text, no command, no update time. */
    public Results(String schema, String created, String finished, String profile, Map<String, String> host, List<Trial> trials) {
        this(schema, created, finished, profile, host, trials, null, new java.util.LinkedHashMap<>(host), Command.NONE, Map.of());
    }

    /** A new run's file: no trial yet; the display {@code host} follows from {@code hostValues}. */
    public static Results started(String created, String profile, Map<String, Object> hostValues, Command command) {
        return new Results(SCHEMA, created, null, profile, JsonValues.strings(hostValues), List.of(), null, hostValues,
                command, Map.of());
    }

    /** As above, the command as its block's plain JSON values ({@link Command#of}). */
    public static Results started(String created, String profile, Map<String, Object> hostValues, Map<String, Object> command) {
        return started(created, profile, hostValues, Command.of(command));
    }

    /**
     * This file with {@code trial} added, or replacing the trial with the same id in its place, and
     * {@code updated} set.
     */
    public Results with(Trial trial, String updatedAt) {
        List<Trial> all = new java.util.ArrayList<>(trials);
        int at = -1;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).id().equals(trial.id())) {
                at = i;
                break;
            }
        }
        if (at >= 0) {
            all.set(at, trial);
        } else {
            all.add(trial);
        }
        return withTrials(all, updatedAt);
    }

    /** This file with {@code all} as its trials, in this order, and {@code updated} set. */
    public Results withTrials(List<Trial> all, String updatedAt) {
        String ownFinish = java.util.Objects.equals(finished, updated) ? null : finished;
        return new Results(schema, created, ownFinish, profile, host, all, updatedAt, hostValues, command, questions,
                forkAccount, jvmFacts, more);
    }

    /**
     * One result set to join into another ({@code jvmmark merge}): the slice of a plan one machine ran.
     *
     * @param dir where it came from, as the merged set lists it
     * @param machine the host it ran on: each of its trials is marked with it
     * @param shard its slice ("1/2"), or "" for a whole plan
     */
    public record Slice(String dir, String machine, String shard, Results results) {
    }

    /**
     * The slices of one plan joined into one result set: every trial marked with its machine (unless it names one
     * already) and put in the
     * whole plan's order (forks interleaved, fork 1 of every trial first, stable within a fork); the first
     * slice's host, profile and command (without {@code shard}); {@code created} the earliest start,
     * {@code updated} the latest end (the measuring's span, not the merge's); and, kept in {@code more},
     * {@code mergedAt}, {@code hosts} (each machine's facts) and {@code merged} (the inputs). The caller has
     * checked that the slices belong together (same profile and plan, each trial id once).
     *
     * @param mergedAt ISO-8601 instant of the merge
     */
    public static Results merge(List<Slice> slices, String mergedAt) {
        Results first = slices.get(0).results();
        java.time.Instant created = null;
        java.time.Instant updated = null;
        Map<String, Object> hosts = new java.util.LinkedHashMap<>();
        List<Object> merged = new java.util.ArrayList<>();
        List<Trial> trials = new java.util.ArrayList<>();
        for (Slice s : slices) {
            java.time.Instant start = instant(s.results().created());
            java.time.Instant end = instant(s.results().finished());
            created = created == null || start.isBefore(created) ? start : created;
            updated = updated == null || end.isAfter(updated) ? end : updated;
            hosts.put(s.machine(), s.results().hostValues());
            Map<String, Object> input = new java.util.LinkedHashMap<>();
            input.put("dir", s.dir());
            input.put("shard", s.shard().isEmpty() ? null : s.shard());
            input.put("machine", s.machine());
            input.put("trials", s.results().trials().size());
            merged.add(input);
            // a trial merged before (a tuning race's earlier rounds) keeps the machine it ran on
            s.results().trials().forEach(t -> trials.add(t.identity().machine().isEmpty()
                    ? t.onMachine(s.machine()) : t));
        }
        trials.sort(java.util.Comparator.comparingInt(t -> t.identity().fork() == 0 ? 1 : t.identity().fork()));
        Command command = first.command().withShard(null);
        Map<String, Object> more = new java.util.LinkedHashMap<>();
        more.put("mergedAt", mergedAt);
        more.put("hosts", hosts);
        more.put("merged", merged);
        // every slice records its workloads' questions, and, with adaptive forks, its own rows' account
        Map<String, List<WorkloadQuestion>> questions = new java.util.LinkedHashMap<>();
        Map<String, ForkAccount.Row> forkRows = new java.util.LinkedHashMap<>();
        for (Slice s : slices) {
            s.results().questions().forEach(questions::putIfAbsent);
            if (s.results().forkAccount() != null) {
                forkRows.putAll(s.results().forkAccount().rows());
            }
        }
        // each JDK's own facts, by label: the first slice's where several measured the same JDK
        Map<String, JvmFacts> jvms = new java.util.LinkedHashMap<>();
        slices.forEach(s -> s.results().jvmFacts().forEach(jvms::putIfAbsent));
        return new Results(SCHEMA, String.valueOf(created), null, first.profile(), first.host(), trials, String.valueOf(updated),
                first.hostValues(), command, questions, forkRows.isEmpty() ? null : new ForkAccount("auto", null, forkRows), jvms,
                more);
    }

    /** An ISO-8601 instant, or the epoch when it is missing or unreadable (it then decides nothing). */
    private static java.time.Instant instant(String text) {
        try {
            return text == null ? java.time.Instant.EPOCH : java.time.Instant.parse(text);
        } catch (java.time.format.DateTimeParseException e) {
            return java.time.Instant.EPOCH;
        }
    }

    /**
     * This file with its questions set to {@code questions} (workload → its questions, in the order given),
     * replacing any it had.
     */
    public Results withQuestions(Map<String, List<WorkloadQuestion>> questions) {
        return new Results(schema, created, finished, profile, host, trials, updated, hostValues, command, questions,
                forkAccount, jvmFacts, more);
    }

    /**
     * This file with the top-level field {@code key} set to {@code value} (plain JSON values, or a value of the
     * model): into its typed field when the model names it ({@value WorkloadQuestion#KEY}, {@value #FORK_ACCOUNT},
     * {@value JvmFacts#KEY}), else into {@code more}.
     */
    public Results withTopLevel(String key, Object value) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(more);
        m.put(WorkloadQuestion.KEY, questions);
        if (forkAccount != null) {
            m.put(FORK_ACCOUNT, forkAccount);
        }
        m.put(JvmFacts.KEY, jvmFacts);
        m.put(key, value);
        return new Results(schema, created, finished, profile, host, trials, updated, hostValues, command, m);
    }

    /** This file with {@code account} as its fork account. */
    public Results withForkAccount(ForkAccount account) {
        return new Results(schema, created, finished, profile, host, trials, updated, hostValues, command, questions,
                account, jvmFacts, more);
    }

    /** The questions {@code workload} declared, or an empty list. */
    public List<WorkloadQuestion> questions(String workload) {
        return questions().getOrDefault(workload, List.of());
    }

    /** The number of CPUs the host reported, or 0 when unknown. */
    public int cpus() {
        try {
            return Integer.parseInt(host.getOrDefault("cpus", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Sum of the trials' wall times: how long the measuring took, without the runner's own work. */
    public double trialSeconds() {
        return trials.stream().mapToDouble(t -> t.outcome().process().wallSeconds()).sum();
    }
}

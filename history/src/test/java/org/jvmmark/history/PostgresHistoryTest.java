package org.jvmmark.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Connection;
import java.util.ArrayList;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The same contract against a real PostgreSQL server: a throwaway cluster (initdb, pg_ctl) on a free
 * loopback port, run as the {@code postgres} user when the tests run as root. Without PostgreSQL the
 * tests are skipped, except under {@code CI=true}, where they fail.
 */
class PostgresHistoryTest extends HistoryStoreContract {
    private static Path cluster;
    private static Path bin;
    private static int port;
    private static int database;

    @BeforeAll
    static void startCluster() throws Exception {
        bin = postgresBin();
        if (bin == null) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("PostgreSQL (initdb, pg_ctl) not installed: run scripts/setup-tests.sh");
            }
            Assumptions.abort("PostgreSQL not installed (scripts/setup-tests.sh installs it)");
        }
        cluster = Files.createTempDirectory("jvmmark-pg-");
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            run(List.of("chown", "postgres", cluster.toString()));
        }
        run(asUser(root, bin.resolve("initdb") + " -D " + cluster.resolve("data") + " -U jvmmark -A trust --no-sync -E UTF8"));
        run(asUser(root, bin.resolve("pg_ctl") + " -D " + cluster.resolve("data") + " -l " + cluster.resolve("log") + " -w -o '-p " + port
                + " -k " + cluster + " -c listen_addresses=127.0.0.1 -c fsync=off' start"));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            boolean root = "root".equals(System.getProperty("user.name"));
            run(asUser(root, bin.resolve("pg_ctl") + " -D " + cluster.resolve("data") + " -m immediate -w stop"));
            try (Stream<Path> s = Files.walk(cluster)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Override
    HistoryDatabase database() throws Exception {
        // one fresh database per test, created through the server itself
        String name = "h" + (++database) + "_" + System.nanoTime();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=jvmmark");
             Statement s = c.createStatement()) {
            s.executeUpdate("CREATE DATABASE " + name);
        }
        return HistoryDatabase.of("jdbc:postgresql://127.0.0.1:" + port + "/" + name + "?user=jvmmark");
    }

    /**
     * The Grafana board (examples/grafana) runs its queries against this database: every panel's and every template
     * variable's, with Grafana's macros as Grafana expands them for one machine, workload and figure.
     */
    @Test
    void shouldRunTheGrafanaBoardsQueries() throws Exception {
        HistoryDatabase db = database().open();
        HistoryStore store = new HistoryStore(db);
        store.importRun(run("2026-04-01T00:00:00Z", 10, 12, 11), "m", null);
        store.importRun(run("2026-04-02T00:00:00Z", 10, 20), "m", null);
        store.importRun(failedRun("2026-04-03T00:00:00Z", 2), "m", null);
        JsonNode board = new ObjectMapper().readTree(
                Path.of(System.getProperty("jvmmark.home", "..")).resolve("examples/grafana/jvmmark-history.json").toFile());
        List<String> queries = new ArrayList<>();
        board.path("templating").path("list").forEach(v -> queries.add(v.path("query").asText()));
        board.path("panels").forEach(p -> p.path("targets").forEach(t -> queries.add(t.path("rawSql").asText())));
        assertEquals(6, queries.size(), queries.toString());
        List<List<List<String>>> answers = new ArrayList<>();
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String q : queries) {
                String sql = q.replaceAll("\\$__timeFilter\\(([^()]*(?:\\([^()]*\\))?[^()]*)\\)",
                                "$1 BETWEEN '2026-01-01T00:00:00Z' AND '2027-01-01T00:00:00Z'")
                        .replace("$machine", "'m'").replace("$workload", "'w'").replace("$figure", "'score'");
                List<List<String>> rows = new ArrayList<>();
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        List<String> row = new ArrayList<>();
                        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                            row.add(rs.getString(i));
                        }
                        rows.add(row);
                    }
                }
                answers.add(rows);
            }
        }
        assertEquals(List.of(List.of("m")), answers.get(0), "machines");
        assertEquals(List.of(List.of("w")), answers.get(1), "workloads");
        assertEquals(List.of(List.of("score")), answers.get(2), "figures");
        List<List<String>> perRun = answers.get(3);
        assertEquals(2, perRun.size(), "one point per run that measured: " + perRun);
        assertEquals(Math.cbrt(10 * 12 * 11), Double.parseDouble(perRun.get(0).get(2)), 1e-9, "the geometric mean of the forks");
        assertEquals(Math.sqrt(10 * 20), Double.parseDouble(perRun.get(1).get(2)), 1e-9);
        assertEquals(2, answers.get(4).size(), "a spread per run of two forks or more: " + answers.get(4));
        assertEquals(2, answers.get(5).size(), "the failed run's two forks: " + answers.get(5));
    }

    static Path postgresBin() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            return null;
        }
        try (Stream<Path> s = Files.list(base)) {
            return s.map(p -> p.resolve("bin")).filter(p -> Files.isExecutable(p.resolve("initdb"))).sorted().reduce((a, b) -> b).orElse(null);
        }
    }

    private static List<String> asUser(boolean root, String command) {
        return root ? List.of("runuser", "-u", "postgres", "--", "sh", "-c", command) : List.of("sh", "-c", command);
    }

    private static void run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed: " + out);
        }
        assertEquals(0, p.exitValue());
    }
}

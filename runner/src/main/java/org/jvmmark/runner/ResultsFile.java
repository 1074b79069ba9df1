package org.jvmmark.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * {@code DIR/results.json} (schema {@value #SCHEMA}), rewritten whole after every trial: written to
 * a temporary file in the same directory, forced to disk, then renamed over the old one. A reader —
 * or a run killed at any instant — sees the previous complete file or the new complete file, never
 * half of one. Thread-safe: all methods are synchronized.
 */
final class ResultsFile {
    static final String SCHEMA = "jvmmark/results/1";
    static final String NAME = "results.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final ObjectNode root;

    private ResultsFile(Path file, ObjectNode root) {
        this.file = file;
        this.root = root;
    }

    static ResultsFile create(Path dir, String profile, Map<String, Object> host, ObjectNode command) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("created", Instant.now().toString());
        root.put("profile", profile);
        root.set("host", JSON.valueToTree(host));
        root.set("command", command);
        root.putArray("trials");
        return new ResultsFile(dir.resolve(NAME), root);
    }

    /**
     * @throws UserException when the file is missing, unreadable or not a jvmmark results file
     */
    static ResultsFile open(Path dir) {
        Path file = dir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            throw new UserException("no " + NAME + " in " + dir);
        }
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (!(n instanceof ObjectNode o) || !SCHEMA.equals(n.path("schema").asText()) || !(n.get("trials") instanceof ArrayNode)) {
                throw new UserException(file + " is not a " + SCHEMA + " file");
            }
            return new ResultsFile(file, o);
        } catch (JsonProcessingException e) {
            throw new UserException(file + " is not valid JSON: " + Text.firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new UserException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** A result set built elsewhere (e.g. merged), to be written to {@code dir}. */
    static ResultsFile of(Path dir, ObjectNode root) {
        return new ResultsFile(dir.resolve(NAME), root);
    }

    synchronized String profile() {
        return root.path("profile").asText();
    }

    /** Ids of the trials already recorded. */
    synchronized Set<String> recordedIds() {
        Set<String> ids = new LinkedHashSet<>();
        root.get("trials").forEach(t -> ids.add(t.path("id").asText()));
        return ids;
    }

    /** The recorded command, profile and host (and trials): a copy. */
    synchronized ObjectNode snapshot() {
        return root.deepCopy();
    }

    synchronized ArrayNode trials() {
        return root.get("trials").deepCopy();
    }

    /** Appends a trial (replacing one with the same id) and rewrites the file atomically. */
    synchronized void add(ObjectNode trial) throws IOException {
        ArrayNode trials = (ArrayNode) root.get("trials");
        for (int i = 0; i < trials.size(); i++) {
            if (trials.get(i).path("id").asText().equals(trial.path("id").asText())) {
                trials.remove(i);
                break;
            }
        }
        trials.add(trial);
        root.put("updated", Instant.now().toString());
        write();
    }

    synchronized void write() throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile: its 0600 would become results.json's mode; this one gets the
        // umask's, like every other output of the run
        Path tmp = dir.resolve(".results-" + UUID.randomUUID() + ".json.tmp");
        try {
            Files.write(tmp, JSON.writeValueAsBytes(root), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    Path path() {
        return file;
    }
}

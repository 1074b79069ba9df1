package org.jvmmark.results;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes {@link Results} as {@code results.json}, as {@link ResultsReader} reads it, through the one mapper
 * ({@link ResultsMapper}): the records of the model name their fields ({@link ResultsJson} the top level,
 * {@link TrialJson} a trial), so this class only says where the bytes go. What the reader kept in a
 * {@code more} map is written back in its block, so a file read and written again says what it said (numbers
 * keep their value; an integral value is written without a fraction). Stateless and thread-safe.
 */
public final class ResultsWriter {
    private static final ObjectMapper PRETTY = ResultsMapper.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsWriter() {
    }

    /**
     * Writes {@code file} atomically: to a temporary file in the same directory, forced to disk, then
     * renamed over the old one. A reader, or a run killed at any instant, sees the previous complete
     * file or the new complete file, never half of one.
     */
    public static void write(Results results, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile: its 0600 would become results.json's mode; this one gets the
        // umask's, like every other output of the run
        Path tmp = dir.resolve(".results-" + java.util.UUID.randomUUID() + ".json.tmp");
        try {
            Files.write(tmp, bytes(results), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
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

    /** The file's content, indented, UTF-8, ending with a newline. */
    public static byte[] bytes(Results results) throws IOException {
        byte[] json = PRETTY.writeValueAsBytes(tree(results));
        byte[] out = java.util.Arrays.copyOf(json, json.length + 1);
        out[json.length] = '\n';
        return out;
    }

    /** The whole file as a tree. */
    public static ObjectNode tree(Results r) {
        return (ObjectNode) ResultsMapper.tree(ResultsJson.of(r));
    }

    /** One trial as it appears in the file. */
    public static ObjectNode trial(Trial t) {
        return (ObjectNode) ResultsMapper.tree(TrialJson.of(t));
    }
}

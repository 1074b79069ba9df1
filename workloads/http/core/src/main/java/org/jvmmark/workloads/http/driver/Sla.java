package org.jvmmark.workloads.http.driver;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A latency SLA, {@code p99:10ms}: a percentile and its bound. Immutable. */
final class Sla {
    private static final Pattern FORM = Pattern.compile("p(\\d+(?:\\.\\d+)?):(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s)");

    final double percentile;
    final long boundNanos;
    final String text;

    private Sla(double percentile, long boundNanos, String text) {
        this.percentile = percentile;
        this.boundNanos = boundNanos;
        this.text = text;
    }

    /** @throws IllegalArgumentException one line naming the expected form */
    static Sla parse(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || Double.parseDouble(m.group(1)) >= 100) {
            throw new IllegalArgumentException("http: bad sla '" + text + "': expected pNN:TIME such as p99:10ms or p99.9:500us");
        }
        double value = Double.parseDouble(m.group(2));
        double scale;
        switch (m.group(3)) {
            case "ns": scale = 1; break;
            case "us":
            case "µs": scale = 1e3; break;
            case "ms": scale = 1e6; break;
            default: scale = 1e9;
        }
        return new Sla(Double.parseDouble(m.group(1)), Math.round(value * scale), text.trim());
    }
}

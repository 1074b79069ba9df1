package org.jvmmark.workloads.http.common;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * The {@code url} parameter: {@code http://HOST:{port}/PATH} (the port chosen by jvmmark) or a
 * fixed port. Loopback only, plain HTTP only. Immutable.
 */
public final class AppUrl {
    public static final String PORT = "{port}";

    private final String host;
    private final int fixedPort;
    private final String path;

    private AppUrl(String host, int fixedPort, String path) {
        this.host = host;
        this.fixedPort = fixedPort;
        this.path = path;
    }

    /** @throws IllegalArgumentException one line saying what is wrong with the URL */
    public static AppUrl parse(String url) {
        String probe = url.replace(PORT, "1");
        URI uri;
        try {
            uri = new URI(probe);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("http: url '" + url + "' is not a URL: " + e.getReason());
        }
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("http: url '" + url + "' must be http://HOST:{port}/PATH (plain HTTP)");
        }
        try {
            if (!InetAddress.getByName(uri.getHost()).isLoopbackAddress()) {
                throw new IllegalArgumentException("http: url '" + url + "' must name a loopback host: jvmmark drives servers on this machine only");
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("http: url '" + url + "' names an unknown host " + uri.getHost());
        }
        int port = url.contains(PORT) ? 0 : uri.getPort();
        if (!url.contains(PORT) && port <= 0) {
            throw new IllegalArgumentException("http: url '" + url + "' has no port: write {port} (jvmmark picks one) or a number");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path += "?" + uri.getRawQuery();
        }
        return new AppUrl(uri.getHost(), port, path);
    }

    public String host() {
        return host;
    }

    /** The port written in the URL, or 0 for {@code {port}}. */
    public int fixedPort() {
        return fixedPort;
    }

    /** Path and query, e.g. {@code /hello}. */
    public String path() {
        return path;
    }
}

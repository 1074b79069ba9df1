package org.jvmmark.workloads.http.server;

import java.net.InetAddress;
import org.jvmmark.api.TrialContext;
import org.jvmmark.workloads.http.common.AppUrl;

/** The server side's settings. Immutable. */
final class ServerConfig {
    final String server;
    final ServerSettings settings;
    final String app;
    final String appArgs;
    final AppUrl url;
    final long appStartSeconds;

    ServerConfig(TrialContext c) throws java.io.IOException {
        this.server = c.param("server");
        String host = c.param("host");
        if (!InetAddress.getByName(host).isLoopbackAddress()) {
            throw new IllegalArgumentException("http: host must be a loopback address (jvmmark servers listen on loopback only), not " + host);
        }
        this.settings = new ServerSettings(host, c.intParam("port"), c.param("threads"), c.intParam("poolThreads"),
                c.longParam("sleepMillis"), c.workDir());
        this.app = c.param("app");
        this.appArgs = c.param("appArgs");
        this.url = server.equals("app") ? AppUrl.parse(c.param("url")) : null;
        this.appStartSeconds = c.longParam("appStartSeconds");
    }
}

package org.jvmmark.workloads.http.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ConnectionLimitsTest {

    @Test
    void shouldNameTheOpenFileLimitWhenALevelCannotBeHeld() {
        assertEquals("cannot hold 25,000 connections: the driver may open 20,000 files (open-file limit, ulimit -n) and needs 25,200;"
                        + " raise the hard limit (ulimit -Hn, /etc/security/limits.conf) or use fewer connections",
                ConnectionLimits.problem(25_000, 20_000, 20_000, 28_232, 4));
    }

    @Test
    void shouldNameTheServersLimitWhenOnlyTheServerIsShort() {
        assertEquals("cannot hold 10,000 connections: the server may open 4,096 files (open-file limit, ulimit -n) and needs 10,200;"
                        + " raise the hard limit (ulimit -Hn, /etc/security/limits.conf) or use fewer connections",
                ConnectionLimits.problem(10_000, 20_000, 4_096, 28_232, 4));
    }

    @Test
    void shouldNameTheEphemeralPortRangeWhenSourceAddressesAreTooFew() {
        assertEquals("cannot hold 10,000 connections: 1 source addresses × 5,000 ephemeral ports (net.ipv4.ip_local_port_range) give 5,000;"
                        + " widen ip_local_port_range or raise sourceAddresses",
                ConnectionLimits.problem(10_000, 1_000_000, -1, 5_000, 1));
    }

    @Test
    void shouldHoldTenThousandHere() {
        assertNull(ConnectionLimits.problem(10_000, 20_000, 20_000, 28_232, 4));
    }
}

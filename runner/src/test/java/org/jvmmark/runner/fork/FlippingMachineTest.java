package org.jvmmark.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.MachineState;
import org.jvmmark.runner.base.UserException;

/** The stand-in for the machine probe on a host whose level flips: its rate, its levels, how it is selected. */
class FlippingMachineTest {
    @Test
    void shouldChangeLevelDuringTheSetShareOfForks() {
        FlippingMachine machine = new FlippingMachine(1.0 / 3, 5);
        int changed = 0;
        int upper = 0;
        int forks = 3_000;
        for (int i = 0; i < forks; i++) {
            MachineState fork = new MachineState(machine.measure(), machine.measure());
            changed += fork.changedDuring() ? 1 : 0;
            upper += !fork.changedDuring() && fork.roundTripNs().getAsDouble() > 150 ? 1 : 0;
            double ns = fork.before().cacheLineRoundTripNs();
            assertTrue(ns > 45 && ns < 95 || ns > 230 && ns < 450, ns + " ns: on one of the two levels");
        }
        // a third, within four standard errors (√(3000 · ⅓ · ⅔) ≈ 26)
        assertTrue(Math.abs(changed - forks / 3) < 104, changed + " of " + forks + " forks changed level");
        assertTrue(upper > forks / 4 && upper < forks / 2, upper + " forks on the upper level throughout");
    }

    @Test
    void shouldStandInForTheProbeWhenTheEnvironmentNamesIt() {
        assertInstanceOf(FlippingMachine.class, MachineReadings.forCpus("0,1", Map.of(FlippingMachine.ENV, "flip:0.5:3")::get));
        assertInstanceOf(MachineProbe.class, MachineReadings.forCpus("0,1", Map.<String, String>of()::get));
        assertEquals(0, new FlippingMachine(0, 1).measure().cacheLineRoundTripNs() > 150 ? 1 : 0, "rate 0 never flips");
    }

    @Test
    void shouldRefuseAMalformedSpecInOneLine() {
        for (String bad : new String[] {"flip", "flip:2", "flip:x", "flop:0.3", "flip:0.3:seed"}) {
            UserException e = assertThrows(UserException.class, () -> FlippingMachine.parse(bad));
            assertTrue(e.getMessage().startsWith("JVMMARK_PROBE_DOUBLE='" + bad + "': expected flip:RATE"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }
}

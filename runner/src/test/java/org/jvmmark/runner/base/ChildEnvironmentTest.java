package org.jvmmark.runner.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jvmmark.results.Command;

/** The JVMs under test run without the caller's JAVA_TOOL_OPTIONS and the like unless asked, and without secrets. */
class ChildEnvironmentTest {

    private static Map<String, String> caller() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", "/usr/bin");
        env.put("PGPASSWORD", "secret");
        env.put("JAVA_TOOL_OPTIONS", "-Xint");
        env.put("JVMMARK_CALLER__JAVA_OPTIONS", "-Xmx64m"); // moved aside by the launcher
        env.put("JDK_JAVA_OPTIONS", "-Dx=y");
        return env;
    }

    @Test
    void shouldLeaveTheJavaOptionVariablesOutByDefault() {
        Map<String, String> env = caller();
        ChildEnvironment.scrub(env, false);
        assertEquals(Map.of("PATH", "/usr/bin"), env);
    }

    @Test
    void shouldPassTheCallersValuesOnWhenInherited() {
        Map<String, String> env = caller();
        ChildEnvironment.scrub(env, true);
        assertEquals(Map.of("PATH", "/usr/bin", "JAVA_TOOL_OPTIONS", "-Xint", "_JAVA_OPTIONS", "-Xmx64m", "JDK_JAVA_OPTIONS", "-Dx=y"),
                env);
    }

    @Test
    void shouldFindTheVariablesUnderEitherNameInTheirOrder() {
        assertEquals(List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"),
                List.copyOf(ChildEnvironment.javaOptions(caller()).keySet()));
        assertTrue(ChildEnvironment.javaOptions(Map.of("PATH", "/bin", "JAVA_TOOL_OPTIONS", " ")).isEmpty(), "empty: not set");
    }

    @Test
    void shouldRecordTheOptionOnlyWhenSet() {
        Command.Shared off = Command.of(Map.of("workloads", List.of("w"))).shared();
        assertFalse(off.inheritJavaEnv(), "files without the option read as before");
        assertFalse(new Command(off, Command.Run.NONE, null, Map.of()).toJson().containsKey("inheritJavaEnv"));
        Command.Shared on = Command.of(Map.of("workloads", List.of("w"), "inheritJavaEnv", true)).shared();
        assertTrue(on.inheritJavaEnv());
        assertEquals(true, new Command(on, Command.Run.NONE, null, Map.of()).toJson().get("inheritJavaEnv"));
    }
}

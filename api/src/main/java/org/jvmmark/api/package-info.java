/**
 * The contract between the runner and the workloads — small on purpose, and free of dependencies,
 * because it is on the classpath of every JVM under test.
 *
 * <h2>Declaring a workload</h2>
 * A workload is a class implementing {@link org.jvmmark.api.Workload}, annotated with its metadata:
 * {@link org.jvmmark.api.Name}, {@link org.jvmmark.api.Summary}, one {@link org.jvmmark.api.Parameter}
 * per parameter, one {@link org.jvmmark.api.Profile} per profile that changes a default,
 * {@link org.jvmmark.api.JvmArgs} for the flags it needs on some JDK versions,
 * {@link org.jvmmark.api.RequiresJdk} and {@link org.jvmmark.api.Variant} where they apply.
 * Its jar lists the class in the resource {@value org.jvmmark.api.WorkloadInfo#REGISTRY}. The
 * runner reads the annotations through an isolated class loader without initialising the class, so
 * {@code jvmmark list}, the report and the README all read the same declaration.
 *
 * <h2>Running a trial</h2>
 * The runner forks {@code <jdk>/bin/java <flags> -cp <the workload's own classpath>}
 * {@link org.jvmmark.api.ForkMain} {@code <spec.properties> <result.json>}. The spec is a plain
 * properties file ({@link org.jvmmark.api.TrialSpec}); the result is a JSON document
 * ({@link org.jvmmark.api.TrialResult}) written atomically. Nothing is ever scraped from stdout.
 */
package org.jvmmark.api;

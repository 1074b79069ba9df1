/**
 * Scratch space on a shared machine, made and removed so that nothing outside it is ever touched,
 * even when jvmmark runs as root beside hostile users: a per-user 0700 root in {@code /dev/shm} or
 * {@code /tmp} ({@link org.jvmmark.api.scratch.ScratchRoot}), folders stamped with who made them
 * ({@link org.jvmmark.api.scratch.OwnerStamp}), a stale sweep that removes only this user's folders
 * whose maker is provably gone ({@link org.jvmmark.api.scratch.StampedDirectories}), and removal that
 * never follows a link ({@link org.jvmmark.api.scratch.SafeTree}).
 *
 * <p>Linux-first: where {@code /proc} or a secure directory stream is missing, nothing is swept and
 * nothing is removed through a path that could be swapped.
 */
package org.jvmmark.api.scratch;

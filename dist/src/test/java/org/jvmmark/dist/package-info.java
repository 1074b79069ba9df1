/** Tests of the release archive, run after the dist module packed it. */
package org.jvmmark.dist;

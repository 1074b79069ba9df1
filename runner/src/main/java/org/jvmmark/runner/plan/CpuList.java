package org.jvmmark.runner.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jvmmark.runner.base.UserException;

/** The kernel's CPU list syntax ({@code 0-3,6}), as {@code taskset -c} takes it. Stateless. */
public final class CpuList {
    private CpuList() {
    }

    /**
     * @throws UserException for a malformed list
     */
    public static List<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : list.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
                if (from < 0 || to < from) {
                    throw new NumberFormatException();
                }
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            } catch (NumberFormatException e) {
                throw new UserException("malformed CPU list '" + list + "': expected e.g. 1 or 0-3,6");
            }
        }
        return new ArrayList<>(cpus);
    }

    public static String format(List<Integer> cpus) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(cpus.get(i));
            if (j > i) {
                sb.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return sb.toString();
    }
}

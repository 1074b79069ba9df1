package org.jvmmark.runner.plan;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jvmmark.api.WorkloadInfo;
import org.jvmmark.runner.base.UserException;

/** Lookups shared by {@code serve} and {@code drive}. Stateless. */
public final class ClientServerWorkloads {
    private ClientServerWorkloads() {
    }

    /**
     * @throws UserException for an unknown workload or one without a {@link org.jvmmark.api.Driver}
     */
    public static CatalogEntry find(String name) {
        WorkloadCatalog catalog = WorkloadCatalog.load(WorkloadCatalog.distribution());
        CatalogEntry e = catalog.get(name);
        if (e.info().driverClass() == null) {
            throw new UserException(name + " is not a client/server workload; valid: " + catalog.visible().stream()
                    .filter(c -> c.info().driverClass() != null).map(CatalogEntry::name).collect(Collectors.joining(", ")));
        }
        return e;
    }

    /** Defaults, then the profile, then {@code --param}s, checked. */
    public static Map<String, String> params(CatalogEntry e, String profile, List<String> settings) {
        try {
            return e.info().resolveParams(profile, WorkloadInfo.parseAssignments(settings.toArray(new String[0])));
        } catch (IllegalArgumentException ex) {
            throw new UserException(ex.getMessage());
        }
    }
}

# Markdown table of the hold phase's footprint per held request from a jvmmark results.json:
#   jq -r -f workloads/http/hold-table.jq OUT/results.json
# RSS in MiB (server process, /proc), per held request in KiB, the slope in MiB per 1,000 connections, the
# held requests' p50 from their send in s; "—" where the trial did not give the figure (a pool of 200
# threads holds 200 requests at both levels: no slope; requests still queued when the run ended: no p50).
def r1: if . == null then "—" else (. * 10 | round / 10 | tostring) end;
def mib: if . == null then null else . / 1048576 end;
def kib: if . == null then null else . / 1024 end;
"| server | connections | held | RSS baseline → held (MiB) | RSS per held request (KiB) | slope (MiB / 1,000) | hold p50 (s) |",
"|---|---:|---:|---:|---:|---:|---:|",
(.trials[] | select(.workload == "http") | .metrics as $m |
  "| " + (.workloadVariant // .variant) + " | " + (.params.connections | tostring) + " | "
  + (if .status != "ok" then .status + ": " + (.error // "" | gsub("\\|"; "/")) + " | | | | |"
     else ($m.heldRequests.value | r1) + " | " + ($m.serverRssBaseline.value | mib | r1) + " → "
       + ($m.serverRssHeld.value | mib | r1) + " | " + ($m.serverRssPerHeldRequest.value | kib | r1) + " | "
       + ($m.serverRssSlope.value | r1) + " | "
       + (if $m.holdLatencyMillis == null then "—" else ($m.holdLatencyMillis.value / 1000 | r1) end) + " |" end))

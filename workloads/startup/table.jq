# Markdown table of startup trials from a jvmmark results.json:
#   jq -r -f workloads/startup/table.jq OUT/results.json
# Times in ms, memory in MiB; "a (b–c)" is the median of the warm launches and their range.
def r1: if . == null then "—" else (. * 10 | round / 10 | tostring) end;
def r0: if . == null then "—" else (round | tostring) end;
def med(m): if m == null then "—" else (m.value | r1) + " (" + (m.samples | min | r1) + "–" + (m.samples | max | r1) + ")" end;
def one(m): if m == null then "—" else (m.value | r1) end;
"| JDK | variant | hello cold | hello warm | hello fork→main | hello peak RSS | hello idle RSS | hello heap used / committed | http cold 1st response | http 1st response | http peak RSS | http idle RSS |",
"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
(.trials[] | select(.workload == "startup") | .metrics as $m |
  "| " + (.jdk.label // (.jvm.vendor + " " + .jvm.version)) + " | " + (.workloadVariant // .variant) + " | "
  + (if .status != "ok" then .status + ": " + (.error // "" | gsub("\\|"; "/")) + " | | | | | | | | | |"
     else one($m["hello.coldStartupMs"]) + " | " + med($m["hello.startupMs"]) + " | " + med($m["hello.mainMs"]) + " | "
       + med($m["hello.peakRssMiB"]) + " | " + one($m["hello.idleRssMiB"]) + " | "
       + one($m["hello.idleHeapUsedMiB"]) + " / " + one($m["hello.idleHeapCommittedMiB"]) + " | "
       + one($m["http.coldFirstResponseMs"]) + " | " + med($m["http.firstResponseMs"]) + " | "
       + med($m["http.peakRssMiB"]) + " | " + one($m["http.idleRssMiB"]) + " |" end))

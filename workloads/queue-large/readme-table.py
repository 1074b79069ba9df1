#!/usr/bin/env python3
"""Prints the README's queue-large tables from one or more results.json files (one row per trial)."""
import json
import sys


def metric(t, name, fmt="{:,.0f}"):
    m = t.get("metrics", {}).get(name)
    return fmt.format(m["value"]) if m else "—"


def whole_read(t):
    """The whole-queue read's label (cold or warm: info.wholeRead) and its metrics' prefix; a run from before
    the label existed (no page drop, nothing checked) named it coldRead… unverified."""
    label = t.get("info", {}).get("wholeRead", {}).get("label")
    return (label, label + "Read") if label else ("unverified", "coldRead")


print("| JVM | write ms/GiB within → past limit | ratio | read ms/GiB within → past limit | ratio | whole-queue read GiB/s"
      " | from storage · major faults | disk write / read GiB/s (O_DIRECT) | queue write ÷ disk | whole read ÷ disk |")
print("|---|---|---|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    for t in json.load(open(path))["trials"]:
        if t["status"] != "ok":
            print(f"| {t['jdk']['label']} | {t['status']}: {t['error']} ||||||||")
            continue
        label, read = whole_read(t)
        print(f"| {t['jdk']['label']} | {metric(t, 'writeMsPerGiBWithinLimit')} → {metric(t, 'writeMsPerGiBPastLimit')}"
              f" | {metric(t, 'writePastLimitRatio', '{:.2f}')}"
              f" | {metric(t, 'readMsPerGiBWithinLimit')} → {metric(t, 'readMsPerGiBPastLimit')}"
              f" | {metric(t, 'readPastLimitRatio', '{:.2f}')} | {label}: {metric(t, read + 'GiBPerSecond', '{:.2f}')}"
              f" | {metric(t, read + 'FromStorageShare', '{:.0%}')} · {metric(t, read + 'MajorFaults')}"
              f" | {metric(t, 'diskWriteGiBPerSecond', '{:.2f}')} / {metric(t, 'diskReadGiBPerSecond', '{:.2f}')}"
              f" | {metric(t, 'queueWriteToDiskRatio', '{:.2f}')} | {metric(t, read + 'ToDiskRatio', '{:.2f}')} |")

print()
print("Per burst, write / read ms/GiB (* past the limit):")
print()
for path in sys.argv[1:]:
    for t in json.load(open(path))["trials"]:
        bursts = t.get("series", {}).get("bursts")
        if not bursts:
            continue
        y = {axis["name"]: axis["values"] for axis in bursts["y"]}
        cells = " · ".join(f"{w:,.0f}/{r:,.0f}{'*' if p else ''}"
                           for w, r, p in zip(y["writeMsPerGiB"], y["readMsPerGiB"], y["pastLimit"]))
        print(f"- {t['jdk']['label']}: {cells}")

#!/usr/bin/env python3
"""Prints the README's Markdown tables from an http results.json.

usage: workloads/http/readme-tables.py throughput DIR/results.json   requests/s per server x thread model x JDK x connections
       workloads/http/readme-tables.py hold DIR/results.json         footprint per held connection
"""
import json
import sys


def trials(path):
    return json.load(open(path))['trials']


def m(t, name):
    v = t.get('metrics', {}).get(name, {}).get('value')
    return v


def jdk(t):
    return 'axum (not a JVM)' if t.get('workloadVariant') == 'axum' else str(t['jdk']['feature'])


def ms(ns):
    return '–' if ns is None else f"{ns / 1e6:,.2f}"


def throughput(ts):
    rows = {}
    jdks = []
    for t in ts:
        key = (t.get('workloadVariant') or t['params'].get('server'), t['params'].get('connections'))
        j = jdk(t)
        if j not in jdks:
            jdks.append(j)
        if t['status'] == 'ok':
            cell = f"{m(t, 'requestsPerSecond'):,.0f}"
            if t.get('driver', {}).get('info', {}).get('driverBound'):
                cell += ' (driver-bound)'
        elif t['status'] == 'unsupported':
            cell = 'unsupported'
        else:
            cell = f"{t['status']}: {t['error'][:60]}"
        rows.setdefault(key, {})[j] = cell
    print("| server | connections | " + " | ".join(f"JDK {j}" if j[0].isdigit() else j for j in jdks) + " |")
    print("|---|---:|" + "---:|" * len(jdks))
    for (variant, conns), cells in rows.items():
        print(f"| {variant} | {conns:,} | " + " | ".join(cells.get(j, '') for j in jdks) + " |")


def hold(ts):
    print("| server | JDK | held | RSS idle → held (MiB) | RSS per held connection | heap per held connection | OS threads idle → held | threads per held connection | unanswered after 2 × sleep |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for t in ts:
        v = t.get('workloadVariant') or t['params'].get('server')
        if t['status'] != 'ok':
            print(f"| {v} | {jdk(t)} | {t['status']}: {t['error'][:80]} | | | | | | |")
            continue
        mib = lambda x: '–' if x is None else f"{x / 2**20:,.0f}"
        kib = lambda x: '–' if x is None else f"{x / 1024:,.1f} KiB"
        warn = next((w for w in t.get('warnings', []) if w.startswith('hold:')), '')
        print(f"| {v} | {jdk(t)} | {m(t, 'heldConnections'):,.0f} | {mib(m(t, 'serverRssIdle'))} → {mib(m(t, 'serverRssHeld'))}"
              f" | {kib(m(t, 'serverRssPerHeldConnection'))} | {kib(m(t, 'serverHeapPerHeldConnection'))}"
              f" | {m(t, 'serverThreadsIdle') or 0:,.0f} → {m(t, 'serverThreadsHeld') or 0:,.0f}"
              f" | {m(t, 'serverThreadsPerHeldConnection') or 0:.2f} | {warn[6:90]} |")


if __name__ == '__main__':
    {'throughput': throughput, 'hold': hold}[sys.argv[1]](trials(sys.argv[2]))

#!/usr/bin/env python3
"""Prints the README's three Markdown tables from two results.json files (Chronicle, memory).

usage: workloads/queue/readme-tables.py results/queue-chronicle/results.json results/queue-memory/results.json
"""
import json
import sys


def trials(path):
    return [t for t in json.load(open(path))['trials']]


def fmt(m, k):
    return f"{m[k]:,}" if k in m else "–"


def end_to_end(all_trials):
    print("| JVM | transport | samples | p50 | p90 | p99 | p99.9 | p99.99 | worst | uncorrected p50 / p99 | achieved msg/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for t in all_trials:
        jvm = f"{t['jvm']['feature']} ({t['jvm']['vendor']} {t['jvm']['version']})"
        if t['status'] != 'ok':
            print(f"| {jvm} | {t['params'].get('transport')} | {t['status']}: {t['error']} |")
            continue
        e = t['latency']['endToEnd']
        p, u = e['percentiles'], e['uncorrected']['percentiles']
        cells = " | ".join(fmt(p, k) for k in ['50', '90', '99', '99.9', '99.99', 'max'])
        print(f"| {jvm} | {t['info']['transport']} | {e['count']:,} | {cells} | {fmt(u, '50')} / {fmt(u, '99')} | {e['achievedRate']:,} |")


def per_run(chronicle, memory):
    print("| JVM | chronicle p50 per run | memory p50 per run |")
    print("|---|---|---|")
    runs = lambda t: " / ".join(f"{r['percentiles']['50']:,}" for r in t['latency']['endToEnd']['runs']) if t['status'] == 'ok' else t['status']
    for a, b in zip(chronicle, memory):
        print(f"| {a['jvm']['feature']} | {runs(a)} | {runs(b)} |")


def probes(all_trials):
    print("| JVM | transport | append p50 / p90 / p99 / p99.9 | read p50 / p90 / p99 / p99.9 |")
    print("|---|---|---|---|")
    for t in all_trials:
        if t['status'] == 'ok':
            cells = lambda probe: " / ".join(fmt(t['latency'][probe]['percentiles'], k) for k in ['50', '90', '99', '99.9'])
            print(f"| {t['jvm']['feature']} | {t['info']['transport']} | {cells('append')} | {cells('read')} |")


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    chronicle, memory = trials(sys.argv[1]), trials(sys.argv[2])
    end_to_end(chronicle + memory)
    print()
    per_run(chronicle, memory)
    print()
    probes(chronicle + memory)

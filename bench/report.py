"""Write the benchmark's outputs: results.csv, Performance.md, performance.png.

Ratio convention everywhere: DLC/X = time of X / time of DLC (best runs), so
> 1 means DLC is faster than X, < 1 slower (0.5x: DLC takes twice as long).
"""

import csv
import math

SECTIONS = {
    # section: (title, references in column order)
    "matmul": ("1. f32 matmul", [("numpy", "NumPy+OpenBLAS"), ("onednn", "oneDNN sgemm")]),
    "layers": ("2. Layers (one-node ONNX models, batch 1)",
               [("torch", "PyTorch"), ("ort", "onnxruntime")]),
    "models": ("3. Whole models (../shared/models; generated ones: densenet, mobilenet_v2; torchvision ones "
               "DLC was not tuned on: regnet_y_400mf .. r3d_18; batch 1)",
               [("ort", "onnxruntime"), ("torch", "PyTorch")]),
}
NO_THREADS_NOTE = "1 thread (no --threads yet)"


def _fmt_ms(ms):
    if ms is None:
        return "n/a"
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def _ratio(ref, dlc):
    if not ref or not dlc or ref.best_ms is None or dlc.best_ms is None:
        return None
    return ref.best_ms / dlc.best_ms


def _fmt_ratio(x):
    return "n/a" if x is None else f"{x:.3g}x"


def _index(results):
    return {(r.section, r.case, r.system, r.threads): r for r in results}


def write_csv(path, results):
    """One row per measurement (and per compile time / peak RSS figure)."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["section", "case", "system", "threads", "best_ms", "median_ms",
                    "gflops", "rounds", "note"])
        for r in results:
            note = r.note
            if "peak_rss_mib" in r.extra and r.extra["peak_rss_mib"] is not None:
                note = f"peak_rss_mib={r.extra['peak_rss_mib']:.1f}" + (f"; {note}" if note else "")
            w.writerow([r.section, r.case, r.system, r.threads,
                        "" if r.best_ms is None else f"{r.best_ms:.6g}",
                        "" if r.median_ms is None else f"{r.median_ms:.6g}",
                        "" if r.gflops is None else f"{r.gflops:.4g}",
                        r.rounds, note])
            if "compile_ms" in r.extra:
                imp, low, jit = r.extra["compile_ms"]
                w.writerow(["compile", r.case, r.system, r.threads,
                            f"{imp + low + jit:.6g}", "", "", r.rounds,
                            f"import={imp:.3g} lower={low:.3g} jit={jit:.3g} (medians over rounds)"])


def _cell(r, with_gflops):
    """'best / median ms' (+ GFLOP/s), with a footnote mark if needed."""
    if r is None:
        return "n/a", []
    notes = []
    if r.best_ms is None:
        return "n/a", [r.note] if r.note else []
    text = f"{_fmt_ms(r.best_ms)} / {_fmt_ms(r.median_ms)}"
    if with_gflops and r.gflops is not None:
        text += f" ({r.gflops:.3g} GF/s)"
    for n in r.note.split("; ") if r.note else []:
        if n == NO_THREADS_NOTE:
            text += " ¹"
        else:
            notes.append(n)
    return text, notes


def _section_table(lines, section, results, cases, threads):
    title, refs = SECTIONS[section]
    idx = _index(results)
    sec_cases = [c for c in cases if c.section == section]
    if not sec_cases:
        return
    with_gflops = section != "models"
    lines += [f"## {title}", ""]
    head = ["Case", "Threads", "DLC best / median ms"]
    for _, label in refs:
        head += [f"{label} best / median ms", f"DLC/{label.split('+')[0].split()[0]}"]
    head.append("Notes")
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    footnote = False
    for c in sec_cases:
        for t in threads:
            dlc = idx.get((section, c.name, "dlc", t))
            text, notes = _cell(dlc, with_gflops)
            notes = [f"DLC: {n}" for n in notes]
            footnote |= "¹" in text
            row = [f"{c.name}: {c.desc}", str(t), text]
            for key, label in refs:
                ref = idx.get((section, c.name, key, t))
                rtext, rnotes = _cell(ref, with_gflops)
                row += [rtext, _fmt_ratio(_ratio(ref, dlc))]
                notes += [f"{label}: {n}" for n in rnotes]
            row.append("; ".join(notes))
            lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    if footnote:
        lines += ["¹ " + NO_THREADS_NOTE + ": this dlc-run has no `--threads` option, so "
                  "DLC ran single-threaded in the 2-thread rounds too.", ""]


def _models_extra(lines, results, cases):
    idx = _index(results)
    models = [c for c in cases if c.section == "models"]
    if not models:
        return
    lines += ["### DLC compile time and peak memory", "",
              "Compile time: dlc-run's `compile:` line (ONNX import, lowering to LLVM, "
              "JIT), median over its 1-thread rounds. Peak RSS: `/usr/bin/time -v` of one "
              "`dlc-run MODEL --test-data ... --repeat 1` and of one "
              "`node ort_run.js MODEL ... --repeat 1` (node itself is about 40-50 MiB of that).",
              "",
              "| Model | import ms | lower ms | jit ms | total compile ms | DLC peak RSS MiB "
              "| onnxruntime (node) peak RSS MiB | PyTorch reimplementation check |",
              "|---|---|---|---|---|---|---|---|"]
    for c in models:
        dlc = idx.get(("models", c.name, "dlc", 1))
        comp = dlc.extra.get("compile_ms") if dlc else None
        cols = [f"{v:.4g}" for v in comp] + [f"{sum(comp):.4g}"] if comp else ["n/a"] * 4
        rss = []
        for key in ("dlc", "ort"):
            r = idx.get(("rss", c.name, key, 1))
            mib = r.extra.get("peak_rss_mib") if r else None
            rss.append("n/a" + (f" ({r.note})" if r and r.note else "") if mib is None
                       else f"{mib:.0f}")
        chk = idx.get(("torch_check", c.name, "torch", 1))
        lines.append("| " + " | ".join([c.name] + cols + rss +
                                       [chk.note if chk else "n/a"]) + " |")
    lines.append("")


def _geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def _summary(lines, results, cases, threads):
    idx = _index(results)
    lines += ["## Summary", "",
              "Geometric mean of DLC/reference over the cases of each section "
              "(> 1: DLC faster).", "",
              "| Section | Threads | " + " | ".join(
                  f"DLC/{label}" for label in ("NumPy", "oneDNN", "PyTorch", "onnxruntime")) + " |",
              "|---|---|---|---|---|---|"]
    for section, (title, _) in SECTIONS.items():
        names = [c.name for c in cases if c.section == section]
        if not names:
            continue
        for t in threads:
            row = [title.split(" ", 1)[1].split(" (")[0], str(t)]
            for key in ("numpy", "onednn", "torch", "ort"):
                gm = _geomean([_ratio(idx.get((section, n, key, t)),
                                      idx.get((section, n, "dlc", t))) for n in names])
                row.append(_fmt_ratio(gm) if gm else "-")
            lines.append("| " + " | ".join(row) + " |")
    lines.append("")


def write_markdown(path, results, cases, facts, png_name):
    s = facts["settings"]
    lines = [
        "# DLC performance",
        "",
        f"Generated by `{facts['command']}` on {facts['date']} in {facts['elapsed']}; "
        "rerun it to refresh this page, `bench/results.csv` and "
        f"[{png_name}]({png_name}). How it measures: [bench/README.md](../bench/README.md).",
        "",
        "**Ratio convention:** DLC/X = X's time / DLC's time, from the best runs. "
        "> 1 means DLC is faster than X; 0.1x means DLC takes 10 times as long.",
        "",
        "Figures are `best / median` milliseconds per run, batch 1, f32. Systems ran "
        f"interleaved: {s.rounds} rounds per case and thread count, each round one turn "
        "per system (warm-up, then timed runs, about "
        f"{s.turn_s:g} s), round-robin, the first system rotating. best = fastest run "
        "of any turn, median = median of the turns' medians. A system slow enough to "
        f"spend {s.system_budget_s:g} s on one case stops joining its later rounds; one "
        f"predicted to need more than {s.skip_s:g} s for one run is skipped.",
        "",
        "## Machine and versions",
        "",
        f"- CPU: {facts['cpu']}, {facts['cores']} cores visible; {facts['isa']}; "
        f"{facts['caches']}; "
        f"{facts['memory']} memory; {facts['os']}",
        f"- The machine is shared with builds (1-minute load average {facts['load']}): "
        "treat differences under about 10% as noise, and 2-thread figures as the "
        "more fragile ones (on 2 cores, any other work stalls one of the 2 threads).",
        f"- DLC: {facts['dlc']}; `dlc-run --threads`: {facts['dlc_threads']}",
        f"- {facts['numpy']}",
        f"- {facts['onednn']} via `dnnl_sgemm` (bench/dnnl_sgemm.c, {facts['gcc']})",
        f"- {facts['torch']}, run through bench/torch_onnx.py (ONNX nodes as "
        "torch.nn.functional calls)",
        f"- {facts['ort']}, CPU execution provider, node {facts['node']}; "
        "timing loop inside node (bench/ort_run.js)",
        f"- Python {facts['python']}; thread counts: {', '.join(map(str, facts['threads']))}",
        "",
    ]
    _summary(lines, results, cases, facts["threads"])
    lines += [f"![DLC/reference ratios]({png_name})", ""]
    for section in SECTIONS:
        _section_table(lines, section, results, cases, facts["threads"])
        if section == "models":
            _models_extra(lines, results, cases)
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_png(path, results, cases, threads):
    """Ratio bars per case, one panel per section, log scale around 1."""
    import matplotlib
    matplotlib.use("Agg")  # no display on CI or here
    import matplotlib.pyplot as plt

    idx = _index(results)
    sections = [s for s in SECTIONS if any(c.section == s for c in cases)]
    fig, axes = plt.subplots(len(sections), 1, figsize=(13, 4.2 * len(sections)),
                             squeeze=False)
    for ax, section in zip(axes[:, 0], sections):
        title, refs = SECTIONS[section]
        names = [c.name for c in cases if c.section == section]
        series = [(key, label, t) for key, label in refs for t in threads]
        width = 0.8 / max(1, len(series))
        for i, (key, label, t) in enumerate(series):
            vals = [_ratio(idx.get((section, n, key, t)), idx.get((section, n, "dlc", t)))
                    for n in names]
            xs = [j + (i - (len(series) - 1) / 2) * width for j in range(len(names))]
            bars = ax.bar([x for x, v in zip(xs, vals) if v], [v for v in vals if v], width,
                          label=f"DLC/{label}, {t} thread{'s' if t > 1 else ''}",
                          hatch="//" if t > 1 else None,
                          color=f"C{refs.index((key, label))}", alpha=1.0 if t == 1 else 0.6)
            ax.bar_label(bars, labels=[f"{v:.2g}" for v in vals if v], fontsize=6,
                         rotation=90, padding=2)
            for x, v in zip(xs, vals):  # say why a bar is missing
                if not v:
                    ax.text(x, 1.0, "n/a", rotation=90, fontsize=6, ha="center",
                            va="bottom", color="gray")
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.margins(y=0.15)  # room for the bar labels
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("DLC/reference (>1: DLC faster)")
        ax.set_title(title)
        ax.legend(fontsize=7, loc="best")
        ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)

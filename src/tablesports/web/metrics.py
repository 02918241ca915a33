"""Prometheus metrics for an operator (`tablesports serve --metrics-port N`), off by default.

They are served on their own port (loopback unless `--metrics-host` says otherwise), never on
the public one, and read at scrape time from the hub's own counters: nothing is added to the
path of a move. Each server process has its own port; Prometheus sums them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

if TYPE_CHECKING:
    from tablesports.web.hub import Hub

log = logging.getLogger("tablesports.web")


class HubCollector:
    """The hub's figures as Prometheus metrics, read when scraped."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def collect(self) -> Iterator[Metric]:
        hub = self.hub
        yield GaugeMetricFamily(
            "tablesports_matches_in_memory", "Matches held in memory", value=len(hub.matches)
        )
        try:
            open_matches = float(hub.store.count_open())
        except Exception:  # the database down: the other figures still count
            open_matches = float("nan")
        yield GaugeMetricFamily(
            "tablesports_matches_open", "Unfinished matches stored (all processes)", open_matches
        )
        counts = hub.counts
        yield CounterMetricFamily(
            "tablesports_matches_made", "Matches made by this process", value=counts["matches_made"]
        )
        yield CounterMetricFamily(
            "tablesports_matches_forgotten",
            "Idle matches that left memory (rebuilt from the store when looked at)",
            value=counts["forgotten"],
        )
        yield CounterMetricFamily(
            "tablesports_moves", "Rows stored: moves, chance outcomes, bot moves", counts["moves"]
        )
        yield GaugeMetricFamily(
            "tablesports_bot_queue_length", "Bot moves waiting for a worker", value=len(hub.bots)
        )
        waits = sorted(hub.bots.waits)
        p95 = waits[int(0.95 * (len(waits) - 1))] if waits else 0.0
        yield GaugeMetricFamily(
            "tablesports_bot_queue_wait_p95_seconds",
            "95th percentile of the last 1000 bot moves' wait in their queue",
            value=p95,
        )
        yield CounterMetricFamily(
            "tablesports_bot_seconds", "Seconds bots have thought, all clients", hub.bots.seconds
        )
        refusals = CounterMetricFamily(
            "tablesports_refusals",
            "Requests refused, by the budget they were past",
            labels=["budget"],
        )
        for budget, count in sorted(hub.budgets.refusals.items()):
            refusals.add_metric([budget], count)
        yield refusals
        yield GaugeMetricFamily(
            "tablesports_websocket_connections",
            "Open websocket connections",
            value=sum(hub.open_by_client.values()),
        )
        yield CounterMetricFamily(
            "tablesports_outbound_bytes",
            "Bytes of views and records sent",
            counts["outbound_bytes"],
        )


def serve_metrics(hub: Hub, host: str, port: int) -> None:
    """Serve the hub's metrics at http://HOST:PORT/metrics in a thread of their own."""
    registry = CollectorRegistry()
    registry.register(HubCollector(hub))
    server, _thread = start_http_server(port, addr=host, registry=registry)
    hub.metrics_server = server
    log.info("metrics on http://%s:%d/metrics", host, port)

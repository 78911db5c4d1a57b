"""Home Assistant core on loopback, for HomeAssistantCoreTests.

Starts Home Assistant (the homeassistant package of the Python that runs this) with a
fresh configuration directory, adds its MQTT integration through the integration's own
config flow (the steps a person goes through in the UI), and then answers requests: for
every file `request-N` that appears in the directory given by --requests, it writes
`report-N.json` with the entities of one device (by the unique-id prefix given by --node),
their states, and every warning or error Home Assistant logged so far. A file `stop` ends
it. Nothing here talks to the network beyond 127.0.0.1.
"""

import argparse
import asyncio
import json
import logging
import os
import sys


class Collector(logging.Handler):
    """Keeps every record of level WARNING and above."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        entry = {"logger": record.name, "level": record.levelname, "message": record.getMessage()}
        if record.exc_info:
            entry["exception"] = logging.Formatter().formatException(record.exc_info)
        self.records.append(entry)


async def main(arguments):
    from homeassistant import bootstrap, core, loader
    from homeassistant.const import __version__
    from homeassistant.helpers import entity_registry

    collector = Collector()
    logging.getLogger().addHandler(collector)
    logging.getLogger().setLevel(logging.INFO)

    # The file a fresh installation has; the MQTT integration reads it for YAML entities.
    with open(os.path.join(arguments.config_dir, "configuration.yaml"), "w") as file:
        file.write(
            "homeassistant:\n  time_zone: UTC\n  unit_system: metric\n"
            "  latitude: 52.5\n  longitude: 13.4\n"
        )
    hass = core.HomeAssistant(arguments.config_dir)
    loader.async_setup(hass)
    core_config = {"time_zone": "UTC", "unit_system": "metric", "latitude": 52.5, "longitude": 13.4}
    if await bootstrap.async_from_config_dict({"homeassistant": core_config}, hass) is None:
        raise SystemExit("Home Assistant did not set up")
    await hass.async_start()

    # The config flow, as the UI runs it: "user", then the broker's details.
    flow = await hass.config_entries.flow.async_init("mqtt", context={"source": "user"})
    if flow.get("step_id") != "broker":
        raise SystemExit(f"unexpected first step of the MQTT config flow: {flow}")
    flow = await hass.config_entries.flow.async_configure(
        flow["flow_id"],
        {
            "broker": "127.0.0.1",
            "port": arguments.port,
            "username": arguments.user,
            "password": arguments.password,
        },
    )
    if flow.get("type") != "create_entry":
        raise SystemExit(f"the MQTT config flow did not create an entry: {flow}")
    await hass.async_block_till_done()
    print(f"home assistant {__version__} running, mqtt entry made", flush=True)

    registry = entity_registry.async_get(hass)
    handled = set()
    while not os.path.exists(os.path.join(arguments.requests, "stop")):
        for name in sorted(os.listdir(arguments.requests)):
            if not name.startswith("request-") or name in handled:
                continue
            handled.add(name)
            await hass.async_block_till_done()
            entities = {}
            for entry in list(registry.entities.values()):
                if not entry.unique_id.startswith(arguments.node):
                    continue
                state = hass.states.get(entry.entity_id)
                entities[entry.unique_id] = {
                    "entity_id": entry.entity_id,
                    "state": state.state if state else None,
                    "name": state.attributes.get("friendly_name") if state else None,
                }
            report = {"version": __version__, "entities": entities, "log": collector.records}
            number = name.split("-", 1)[1]
            path = os.path.join(arguments.requests, f"report-{number}.json")
            with open(path + ".tmp", "w") as file:
                json.dump(report, file)
            os.rename(path + ".tmp", path)
        await asyncio.sleep(0.1)
    await hass.async_stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--config-dir", required=True)
    parser.add_argument("--requests", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--node", required=True)
    asyncio.run(main(parser.parse_args()))
    sys.exit(0)

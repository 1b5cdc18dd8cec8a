#!/usr/bin/python3
"""Reference satellite passes for src/server/sky/passes.test.ts, computed by an
implementation independent of the app's: Skyfield 1.45 (Debian's python3-skyfield,
with python3-sgp4 2.15: Vallado's C++ SGP4 through Brandon Rhodes' bindings,
Skyfield's own frames, time scales and event search). The app uses satellite.js
and its own search; nothing here is shared with it.

    apt-get install --no-install-recommends python3-skyfield
    /usr/bin/python3 scripts/sky-pass-reference.py > test/fixtures/sky/passes-reference.json

A pass is every rise above the horizon (0 deg, no refraction) with its culmination
and set, from Skyfield's find_events. Visibility is sampled each second of the
pass: the satellite is sunlit (the Sun's centre not behind a spherical Earth of
radius 6378.137 km) while the observer's Sun is below -6 deg. Skyfield needs a JPL
ephemeris for the Sun, which this machine cannot download, so the Sun's direction
comes from the Astronomical Almanac's low-precision formula (0.01 deg from 1950 to
2050), which is also independent of the app's astronomy-engine.
"""
import json
import math
import sys

import numpy as np
from skyfield.api import EarthSatellite, load, wgs84

TLE_FILE = 'test/fixtures/sky/celestrak-visual.tle'
SATELLITES = [25544, 48274, 20580]  # ISS (ZARYA), CSS (TIANHE), HST
PLACES = [
    ('New York, NY', 40.7128, -74.0060),
    ('London', 51.5072, -0.1276),
    ('Sydney', -33.8688, 151.2093),
    ('Fairbanks, AK', 64.8378, -147.7164),
]
START = (2025, 7, 20)
DAYS = 5
EARTH_RADIUS_KM = 6378.137
AU_KM = 149597870.7


def sun_unit(jd_tt):
    """Geocentric direction of the Sun (equator and equinox of date), Astronomical Almanac."""
    n = jd_tt - 2451545.0
    L = math.radians((280.460 + 0.9856474 * n) % 360)
    g = math.radians((357.528 + 0.9856003 * n) % 360)
    lam = L + math.radians(1.915) * math.sin(g) + math.radians(0.020) * math.sin(2 * g)
    eps = math.radians(23.439 - 0.0000004 * n)
    r_au = 1.00014 - 0.01671 * math.cos(g) - 0.00014 * math.cos(2 * g)
    v = np.array([math.cos(lam), math.cos(eps) * math.sin(lam), math.sin(eps) * math.sin(lam)])
    return v, r_au


def read_tles(path):
    lines = [l.rstrip('\n') for l in open(path, encoding='ascii')]
    out = {}
    for i in range(0, len(lines) - 2, 3):
        name, l1, l2 = lines[i].strip(), lines[i + 1], lines[i + 2]
        out[int(l1[2:7])] = (name, l1, l2)
    return out


def iso(t):
    return t.utc_datetime().strftime('%Y-%m-%dT%H:%M:%S.') + \
        f"{t.utc_datetime().microsecond // 1000:03d}Z"


def main():
    ts = load.timescale(builtin=True)
    tles = read_tles(TLE_FILE)
    t0 = ts.utc(*START)
    t1 = ts.utc(START[0], START[1], START[2] + DAYS)
    result = {
        'generator': 'scripts/sky-pass-reference.py (Skyfield 1.45, sgp4 2.15)',
        'tleFile': TLE_FILE,
        'from': iso(t0),
        'days': DAYS,
        'places': [],
    }
    for name, lat, lon in PLACES:
        place = wgs84.latlon(lat, lon)
        passes = []
        for catnr in SATELLITES:
            sat_name, l1, l2 = tles[catnr]
            sat = EarthSatellite(l1, l2, sat_name, ts)
            times, events = sat.find_events(place, t0, t1, altitude_degrees=0.0)
            i = 0
            while i < len(events):
                # A whole pass: rise (0), culminate (1), set (2); skip a partial one at the edges.
                if events[i] != 0 or i + 2 >= len(events) or events[i + 1] != 1 or events[i + 2] != 2:
                    i += 1
                    continue
                rise, peak, set_ = times[i], times[i + 1], times[i + 2]
                i += 3
                alt_peak = (sat - place).at(peak).altaz()[0].degrees
                # One sample a second across the pass.
                n = int(round((set_.tt - rise.tt) * 86400)) + 1
                ts_s = ts.tt_jd(rise.tt + np.arange(n) / 86400.0)
                sat_gcrs = sat.at(ts_s).position.km
                obs_gcrs = place.at(ts_s).position.km
                rel = sat_gcrs - obs_gcrs
                visible = []
                max_vis = -90.0
                for k in range(n):
                    su, r_au = sun_unit(ts_s.tt[k])
                    rot = place.rotation_at(ts_s[k])
                    sun_alt = math.degrees(math.asin(float(np.dot(rot[2], su))))
                    r = sat_gcrs[:, k]
                    sun_km = su * r_au * AU_KM
                    d = sun_km - r
                    # Does the segment satellite -> Sun pass through the Earth?
                    dd = float(np.dot(d, d))
                    tmin = -float(np.dot(r, d)) / dd
                    closest = r + max(0.0, min(1.0, tmin)) * d
                    sunlit = float(np.linalg.norm(closest)) > EARTH_RADIUS_KM
                    rv = rel[:, k]
                    el = math.degrees(math.asin(float(np.dot(rot[2], rv / np.linalg.norm(rv)))))
                    if sunlit and sun_alt < -6.0 and el >= 0:
                        visible.append(k)
                        max_vis = max(max_vis, el)
                entry = {
                    'noradId': catnr,
                    'name': sat_name,
                    'rise': iso(rise),
                    'peak': iso(peak),
                    'set': iso(set_),
                    'maxElevation': round(float(alt_peak), 2),
                }
                if visible:
                    entry['visibleFrom'] = iso(ts_s[visible[0]])
                    entry['visibleUntil'] = iso(ts_s[visible[-1]])
                    entry['visibleMaxElevation'] = round(max_vis, 2)
                passes.append(entry)
        passes.sort(key=lambda p: p['rise'])
        result['places'].append({'name': name, 'latitude': lat, 'longitude': lon, 'passes': passes})
    json.dump(result, sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()

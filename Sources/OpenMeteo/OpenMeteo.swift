// The Open-Meteo client: forecast and geocoding requests, response decoding, error bodies.

// Test support: the fake Open-Meteo server, a manual clock.
import FlyingFox

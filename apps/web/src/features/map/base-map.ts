/**
 * The offline base map: land, coastlines and country borders from Natural Earth's 1:50m outlines
 * (the `world-atlas` package), drawn when no MAP_TILE_URL is configured, so that a map without
 * internet still shows where machines are. The outlines (~750 KB, ~200 KB compressed) are a file of
 * their own, fetched only when such a map is drawn.
 */
import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// An asset URL, not a module: the browser fetches and parses it only for a map without tiles, and
// the type checker never reads the 750 KB file.
import worldUrl from 'world-atlas/countries-50m.json?url';

export interface BaseMapShapes {
  /** One feature per country: filled as land. */
  land: FeatureCollection;
  /** Borders shared by two countries (drawn thin). */
  borders: MultiLineString;
  /** Edges of one country only: the coastlines (drawn stronger). */
  coasts: MultiLineString;
}

type World = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Land, borders and coasts of a world-atlas topology. */
export function shapesOf(world: World): BaseMapShapes {
  const countries = world.objects.countries;
  const land = feature(world, countries) as FeatureCollection | Feature;
  return {
    land: land.type === 'FeatureCollection' ? land : { type: 'FeatureCollection', features: [land] },
    borders: mesh(world, countries, (a, b) => a !== b),
    coasts: mesh(world, countries, (a, b) => a === b),
  };
}

let loading: Promise<BaseMapShapes> | null = null;

/** The shapes, loaded once per page life (every map of the session shares them). */
export function loadBaseMap(): Promise<BaseMapShapes> {
  loading ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`${worldUrl}: HTTP ${response.status}`);
      return response.json() as Promise<World>;
    })
    .then(shapesOf)
    .catch((error: unknown) => {
      loading = null; // a later map may try again
      throw error;
    });
  return loading;
}

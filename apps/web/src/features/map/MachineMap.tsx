/**
 * The Leaflet map of machines: a tile layer when the server names one, else the offline base map
 * (land, coasts and borders, base-map.ts) under a graticule; one circle per machine in its status
 * colour, with a popup that opens its detail page. The view fits the points whenever they change.
 * In edit mode the pins can be dragged, and a click on the map places the machine being placed: the
 * page decides what a move means (this machine, or its store) and saves it.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPoint } from '@brewfleet/contracts/fleet-api';
import { detailPath } from '../device/device-links';
import { STATUS_COLORS } from '../device/device-status';
import { loadBaseMap } from './base-map';
import { graticuleLines, graticuleStep } from './graticule';

export interface LatLng {
  latitude: number;
  longitude: number;
}

const WORLD: L.LatLngTuple = [20, 0];

/** Land, coastlines and borders, in a pane below the graticule's; drawn once the outlines arrive. */
function baseMapLayer(map: L.Map): L.LayerGroup {
  map.createPane('basemap').style.zIndex = '300';
  const layer = L.layerGroup();
  void loadBaseMap()
    .then(({ land, borders, coasts }) => {
      const common = { pane: 'basemap', interactive: false } as const;
      L.geoJSON(land, {
        ...common,
        style: { stroke: false, fillColor: '#f3f1ea', fillOpacity: 1, className: 'map-land' },
      }).addTo(layer);
      L.geoJSON(borders, { ...common, style: { color: '#b5ab98', weight: 0.8, dashArray: '3 3' } }).addTo(
        layer,
      );
      L.geoJSON(coasts, { ...common, style: { color: '#7f9bb3', weight: 1, className: 'map-coast' } }).addTo(
        layer,
      );
    })
    // Without the outlines the graticule still places the machines: nothing to tell the user.
    .catch(() => undefined);
  return layer;
}

/** Lines of latitude and longitude redrawn for the visible part of the map. */
function graticuleLayer(map: L.Map): L.LayerGroup {
  // A pane of its own, below the markers' (400): redrawn lines must not cover the machines.
  map.createPane('graticule').style.zIndex = '350';
  const layer = L.layerGroup();
  const draw = () => {
    layer.clearLayers();
    const b = map.getBounds();
    const step = graticuleStep(map.getZoom());
    const { parallels, meridians } = graticuleLines(
      { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
      step,
    );
    // The equator and the prime meridian are drawn stronger: they place the view on the earth.
    const lines = [
      ...parallels.map((line) => ({ line, main: line[0][0] === 0 })),
      ...meridians.map((line) => ({ line, main: line[0][1] % 360 === 0 })),
    ];
    for (const { line, main } of lines)
      L.polyline(line, {
        pane: 'graticule',
        color: main ? '#8c8c8c' : '#bfbfbf',
        weight: main ? 1.5 : 1,
        interactive: false,
      }).addTo(layer);
  };
  map.on('moveend zoomend', draw);
  layer.on('remove', () => map.off('moveend zoomend', draw));
  draw();
  return layer;
}

/** Popup content as elements (names are user text: never HTML). */
function popupContent(point: MapPoint, statusLabel: string, openLabel: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';
  const name = document.createElement('strong');
  name.textContent = point.name;
  const details = document.createElement('div');
  details.textContent = [point.serialNumber, point.storeName, statusLabel].filter(Boolean).join(' · ');
  const link = document.createElement('a');
  link.href = `#${detailPath(point)}`;
  link.textContent = openLabel;
  link.dataset.testid = 'map-popup-detail';
  root.append(name, details, link);
  return root;
}

/** A pin that can be dragged: a circle like the others, as an icon (circle markers cannot move). */
function dragPin(point: MapPoint): L.Marker {
  const color = STATUS_COLORS[point.status].marker;
  return L.marker([point.latitude, point.longitude], {
    draggable: true,
    autoPan: true,
    keyboard: false,
    icon: L.divIcon({
      className: `map-pin map-marker-${point.status}`,
      html: `<span style="background:${color}"></span>`,
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    }),
  });
}

export default function MachineMap({
  tileUrl,
  points,
  editing = false,
  placing = false,
  onMove,
  onPlace,
}: {
  tileUrl: string | null;
  points: MapPoint[];
  /** Pins can be dragged; `onMove` is told where one was dropped. */
  editing?: boolean;
  /** A click on the map places a machine: `onPlace` is told where. */
  placing?: boolean;
  onMove?: (point: MapPoint, to: LatLng) => void;
  onPlace?: (at: LatLng) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  // The latest handlers, read by Leaflet's listeners without redrawing the markers on each render.
  const handlers = useRef({ onMove, onPlace });
  handlers.current = { onMove, onPlace };

  // The map, and its base: tiles, or the offline outlines under a graticule.
  useEffect(() => {
    const map = L.map(container.current!, {
      center: WORLD,
      zoom: 2,
      minZoom: 1,
      maxZoom: 18,
      worldCopyJump: true,
    });
    mapRef.current = map;
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
    else {
      baseMapLayer(map).addTo(map);
      graticuleLayer(map).addTo(map);
    }
    L.control.scale().addTo(map);
    markers.current = L.layerGroup().addTo(map);
    // Kept-alive tabs hide the page; Leaflet must measure again when it is shown.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current!);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      markers.current = null;
    };
  }, [tileUrl]);

  // Placing: the next click on the map says where the machine stands.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !placing) return;
    const click = (e: L.LeafletMouseEvent) =>
      handlers.current.onPlace?.({ latitude: e.latlng.lat, longitude: e.latlng.lng });
    const element = container.current;
    map.on('click', click);
    element?.classList.add('machine-map-placing');
    return () => {
      map.off('click', click);
      element?.classList.remove('machine-map-placing');
    };
  }, [placing, tileUrl]);

  // The markers, and a view that shows them all.
  useEffect(() => {
    const map = mapRef.current;
    const layer = markers.current;
    if (!map || !layer) return;
    layer.clearLayers();
    for (const point of points) {
      const popup = () => popupContent(point, t(`devices.status.${point.status}`), t('map.openDetail'));
      if (editing) {
        const pin = dragPin(point);
        pin.on('dragend', () => {
          const at = pin.getLatLng();
          handlers.current.onMove?.(point, { latitude: at.lat, longitude: at.lng });
        });
        pin.bindTooltip(point.name).bindPopup(popup).addTo(layer);
        continue;
      }
      L.circleMarker([point.latitude, point.longitude], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: STATUS_COLORS[point.status].marker,
        fillOpacity: 0.95,
        className: `map-marker map-marker-${point.status}`,
      })
        .bindTooltip(point.name)
        .bindPopup(popup)
        .addTo(layer);
    }
  }, [points, tileUrl, editing, t]);

  // Fit the view when the set of machines changes, not when a pin moves or edit mode toggles.
  const fitKey = points.map((p) => p.id).join(',');
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (points.length === 1) map.setView([points[0].latitude, points[0].longitude], 13);
    else if (points.length > 1)
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)), {
        padding: [32, 32],
        maxZoom: 15,
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new set of machines refits
  }, [fitKey, tileUrl]);

  return (
    <div
      ref={container}
      className={tileUrl ? 'machine-map' : 'machine-map machine-map-plain'}
      role="region"
      aria-label={t('map.region')}
      data-testid="machine-map"
    />
  );
}

/**
 * The Leaflet map of machines: a tile layer when the server names one, else a plain background with a
 * graticule; one circle per machine in its status colour, with a popup that opens its detail page.
 * The view fits the points whenever they change.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPoint } from '@brewfleet/contracts/fleet-api';
import { detailPath } from '../device/device-links';
import { STATUS_COLORS } from '../device/device-status';
import { graticuleLines, graticuleStep } from './graticule';

const WORLD: L.LatLngTuple = [20, 0];

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

export default function MachineMap({ tileUrl, points }: { tileUrl: string | null; points: MapPoint[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);

  // The map, and its base: tiles, or the graticule when no tile URL is configured.
  useEffect(() => {
    const map = L.map(container.current!, {
      center: WORLD,
      zoom: 2,
      minZoom: 1,
      maxZoom: 18,
      worldCopyJump: true,
    });
    mapRef.current = map;
    const base = tileUrl ? L.tileLayer(tileUrl, { maxZoom: 19 }) : graticuleLayer(map);
    base.addTo(map);
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

  // The markers, and a view that shows them all.
  useEffect(() => {
    const map = mapRef.current;
    const layer = markers.current;
    if (!map || !layer) return;
    layer.clearLayers();
    for (const point of points) {
      L.circleMarker([point.latitude, point.longitude], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: STATUS_COLORS[point.status].marker,
        fillOpacity: 0.95,
        className: `map-marker map-marker-${point.status}`,
      })
        .bindTooltip(point.name)
        .bindPopup(() => popupContent(point, t(`devices.status.${point.status}`), t('map.openDetail')))
        .addTo(layer);
    }
    if (points.length === 1) map.setView([points[0].latitude, points[0].longitude], 13);
    else if (points.length > 1)
      map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)), {
        padding: [32, 32],
        maxZoom: 15,
      });
  }, [points, tileUrl, t]);

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

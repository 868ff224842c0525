/**
 * The pieces of ECharts the dashboards draw with, tree-shaken from `echarts/core`: this module is
 * imported by the dashboards only, which load with their pages, so ECharts never reaches the
 * console's first bundle.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { loadBaseMap } from '../map/base-map';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };

/** The land of the console's offline base map (features/map), registered once as an ECharts map. */
export const LAND_MAP = 'brewfleet-land';
let land: Promise<boolean> | null = null;
export function registerLand(): Promise<boolean> {
  land ??= loadBaseMap()
    .then((shapes) => {
      echarts.registerMap(LAND_MAP, shapes.land as never);
      return true;
    })
    .catch(() => false);
  return land;
}

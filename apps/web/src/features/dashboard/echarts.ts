/** The dashboards' map: the console's offline base map registered with the shared ECharts pieces. */
import { echarts } from '../../components/charts/echarts';
import { loadBaseMap } from '../map/base-map';

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

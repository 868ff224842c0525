/**
 * The one set of ECharts pieces the console draws with (statistics pages, drift evidence, the
 * big-screen dashboards), tree-shaken from `echarts/core`. Only chart screens import this module and
 * they load lazily with their pages, so ECharts never reaches the console's first bundle.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  // labelLayout: the dashboard map moves apart the names of stores that stand close together.
  LabelLayout,
  CanvasRenderer,
]);

export { echarts };

/**
 * The home page's charts as one chunk, downloaded after the page first paints (LazyChart): the
 * first visit's JavaScript budget does not carry them.
 */
import './charts.css';

export { PipelineChart } from './PipelineChart';
export { WonByMonthChart } from './WonByMonthChart';

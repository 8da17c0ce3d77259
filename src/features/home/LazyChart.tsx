import { Component, type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

const charts = () => import('./charts/dashboard-charts');
const PipelineChart = lazy(() => charts().then((module) => ({ default: module.PipelineChart })));
const WonByMonthChart = lazy(() => charts().then((module) => ({ default: module.WonByMonthChart })));

/** True once the page has painted: the charts' chunk is asked for only then. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this one is painted; a timer from it runs once the paint is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

function ChartSkeleton({ tall = false }: { tall?: boolean }) {
  return <div className={tall ? 'skeleton home-chart-skeleton--tall' : 'skeleton home-chart-skeleton'} />;
}

/** A chart whose chunk did not arrive (offline, a new deploy) says so; the numbers stay on the page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <p className="card__text">Não foi possível mostrar o gráfico agora.</p>;
  }
}

type LazyChartProps =
  | ({ chart: 'pipeline' } & ComponentProps<typeof PipelineChart>)
  | ({ chart: 'wonByMonth' } & ComponentProps<typeof WonByMonthChart>);

/** A chart of the home page, from the charts' chunk; a skeleton of its size until then. */
export function LazyChart(props: LazyChartProps) {
  const painted = useAfterFirstPaint();
  const skeleton = <ChartSkeleton tall={props.chart === 'wonByMonth'} />;
  if (!painted) return skeleton;
  return (
    <ChartBoundary>
      <Suspense fallback={skeleton}>
        {props.chart === 'pipeline' ? (
          <PipelineChart stages={props.stages} />
        ) : (
          <WonByMonthChart months={props.months} />
        )}
      </Suspense>
    </ChartBoundary>
  );
}

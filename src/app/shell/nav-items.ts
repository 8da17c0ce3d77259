import { appPaths } from '../../../machines/app-paths';
/** The signed-in area's main sections (spec §2), in the order the navigation shows them. */
export const navItems = [
  {
    to: appPaths.home,
    label: 'Início',
    icon: 'M3 10.2 12 3l9 7.2V20a1 1 0 0 1-1 1h-5.5v-6h-5v6H4a1 1 0 0 1-1-1Z',
  },
  {
    to: appPaths.tasks,
    label: 'Tarefas',
    icon: 'M9 11.5l2.2 2.2L15.5 9.5M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z',
  },
  { to: appPaths.sales, label: 'Vendas', icon: 'M3 17.5l5.5-5.5 4 4L21 7.5M15 7.5h6v6' },
  {
    to: appPaths.customers,
    label: 'Clientes',
    icon: 'M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM20 20v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.6a3.5 3.5 0 0 1 0 6.8',
  },
  {
    to: appPaths.settings,
    label: 'Configurações',
    icon: 'M4 7h9m4 0h3M4 17h3m4 0h9M15 5v4M9 15v4',
  },
] as const;

/** A section is current on its own page and on every page below it. */
export function isCurrentSection(path: string, section: string): boolean {
  const normalised = path.toLowerCase();
  return normalised === section || normalised.startsWith(`${section}/`);
}

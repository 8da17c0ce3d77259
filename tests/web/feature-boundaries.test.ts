import { describe, expect, test } from 'vitest';
import { featureBoundaryViolations } from '../../scripts/check-feature-boundaries';

describe('a feature imports no other feature (npm run lint)', () => {
  test('an import that lands in another feature is reported with its line, however it is written', () => {
    const text = [
      "import { useState } from 'react';",
      "import { PhoneStep } from '../onboarding/PhoneStep';",
      "import type { Task } from '../../features/tasks/task-calls';",
      "const page = () => import('../home');",
      "export { plan } from '../paywall/plan';",
    ].join('\n');
    const at = (line: number, specifier: string, feature: string) => ({
      file: 'src/features/settings/View.tsx',
      line,
      specifier,
      feature,
    });
    expect(featureBoundaryViolations([{ path: 'src/features/settings/View.tsx', text }])).toEqual([
      at(2, '../onboarding/PhoneStep', 'onboarding'),
      at(3, '../../features/tasks/task-calls', 'tasks'),
      at(4, '../home', 'home'),
      at(5, '../paywall/plan', 'paywall'),
    ]);
  });

  test('what a relative path reaches depends on where the file is', () => {
    const text = "import { Row } from '../tasks/TaskRow';";
    expect(featureBoundaryViolations([{ path: 'src/features/home/deep/View.tsx', text }])).toEqual([]);
    expect(featureBoundaryViolations([{ path: 'src/features/home/View.tsx', text }])).toEqual([
      { file: 'src/features/home/View.tsx', line: 1, specifier: '../tasks/TaskRow', feature: 'tasks' },
    ]);
  });

  test('its own files, src/ui, src/lib, src/app, machines and contracts are open to it; other folders are not checked', () => {
    const text = [
      "import { PhoneChangeRequest } from '../access-security/PhoneChangeRequest';",
      "import { Link } from '../../../lib/routing/Link';",
      "import { PhoneVerificationView } from '../../../ui/phone-verification/PhoneVerificationView';",
      "import { useSessionActor } from '../../../app/session/session-context';",
      "import type { PhoneChangeActor } from '../../../../machines/phone-change/phone-change.machine';",
      "import { mobilePhone } from '../../../../contracts/brazil/mobile-phone';",
    ].join('\n');
    expect(
      featureBoundaryViolations([
        { path: 'src/features/settings/subscription/View.tsx', text },
        {
          path: 'src/app/routing/routes.ts',
          text: "const home = () => import('../../features/home/HomePage');",
        },
      ]),
    ).toEqual([]);
  });
});

import { renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CurrentRouteContext } from '../../src/app/routing/current-route';
import { customersSearch } from '../../src/app/routing/route-search';
import { appRoutes } from '../../src/app/routing/routes';
import { useValidatedSearch } from '../../src/app/routing/useValidatedSearch';
import { matchAppRoute } from '../../src/lib/routing/match-route';

function open(url: string) {
  const [path = '', search = ''] = url.split('?');
  const match = matchAppRoute(appRoutes, path, search);
  if (!match) throw new Error(`no route for ${url}`);
  return match;
}

describe('customers search (spec §2, §5): page ≥ 1 default 1, limit 10..100 default 50', () => {
  test.each([
    ['/customers', { search: '', page: 1, limit: 50 }],
    ['/customers?page=0&limit=5000', { search: '', page: 1, limit: 50 }],
    ['/customers?page=-3&limit=9', { search: '', page: 1, limit: 50 }],
    ['/customers?page=1.5&limit=abc', { search: '', page: 1, limit: 50 }],
    ['/customers?page=&limit=', { search: '', page: 1, limit: 50 }],
    ['/customers?page=3&limit=10&search=Ana', { search: 'Ana', page: 3, limit: 10 }],
    ['/customers?limit=100', { search: '', page: 1, limit: 100 }],
    ['/customers?limit=101&page=2', { search: '', page: 2, limit: 50 }],
    ['/customers?search=Jo%C3%A3o%20%26%20Cia', { search: 'João & Cia', page: 1, limit: 50 }],
    ['/customers?page=2&page=9', { search: '', page: 2, limit: 50 }],
  ])('%s → %o', (url, expected) => {
    expect(open(url).search).toEqual(expected);
  });
});

describe('tasks filter (spec §2): today | future | completed | overdue, default today', () => {
  test.each([
    ['/tasks?assignee=me', 'me'],
    ['/tasks?assignee=nope', 'all'],
  ])('%s → assignee %s ("Minhas" / "De todos", issue 15)', (url, assignee) => {
    expect(open(url).search).toEqual({ filter: 'today', assignee });
  });

  test.each([
    ['/tasks', 'today'],
    ['/tasks?filter=nope', 'today'],
    ['/tasks?filter=future', 'future'],
    ['/tasks?filter=completed', 'completed'],
    ['/tasks?filter=overdue', 'overdue'],
  ])('%s → %s', (url, filter) => {
    expect(open(url).search).toEqual({ filter, assignee: 'all' });
  });
});

describe('other search parameters', () => {
  test('login: optional strings accessToken, refreshToken, userId, redirect, error', () => {
    expect(open('/login').search).toEqual({});
    expect(
      open('/login?accessToken=a&refreshToken=r&userId=u&redirect=%2Ftasks&error=x&other=1').search,
    ).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      userId: 'u',
      redirect: '/tasks',
      error: 'x',
    });
  });

  test('logout: an optional string redirect', () => {
    expect(open('/logout').search).toEqual({});
    expect(open('/logout?redirect=%2Ftasks%3Ffilter%3Doverdue&x=1').search).toEqual({
      redirect: '/tasks?filter=overdue',
    });
  });

  test('signup: verificationToken', () => {
    expect(open('/signup?verificationToken=abc').search).toEqual({ verificationToken: 'abc' });
    expect(open('/signup').search).toEqual({});
  });

  test('advisor: search, default empty', () => {
    expect(open('/home/advisor').search).toEqual({ search: '' });
    expect(open('/home/advisor?search=pre%C3%A7o').search).toEqual({ search: 'preço' });
  });

  test('verify-phone and phone-change/validate: phone as typed', () => {
    expect(open('/onboarding/verify-phone?phone=%2B5511987654321').search).toEqual({
      phone: '+5511987654321',
    });
    expect(open('/settings/access-security/phone-change/validate?phone=11987654321').search).toEqual({
      phone: '11987654321',
    });
  });

  test('home: paymentsuccess', () => {
    expect(open('/home?paymentsuccess=true').search).toEqual({ paymentsuccess: 'true' });
  });
});

describe('dynamic segments', () => {
  test('fixed segments win over the dynamic ones beside them', () => {
    expect(open('/customers/new').route.path).toBe('/customers/new');
    expect(open('/home/advisor').route.path).toBe('/home/advisor');
    expect(open('/tasks/new').route.path).toBe('/tasks/new');
  });

  test('segments are decoded', () => {
    expect(open('/customers/c%201/edit').params).toEqual({ id: 'c 1' });
    expect(open('/tasks/t-9/deleteFollowUp').params).toEqual({ taskId: 't-9' });
    expect(open('/home/t-9/').params).toEqual({ taskId: 't-9' });
    expect(open('/settings/services/s-2/edit').params).toEqual({ serviceId: 's-2' });
  });

  test('dealId "new" means a blank deal', () => {
    const dealRoute = appRoutes.filter((route) => route.path === '/sales/:dealId');
    expect(matchAppRoute(dealRoute, '/sales/new', '')?.params).toEqual({ dealId: null });
    expect(matchAppRoute(dealRoute, '/sales/d-7', '')?.params).toEqual({ dealId: 'd-7' });
  });
});

describe('useValidatedSearch', () => {
  test('reads the current query string through a schema, typed and with fallbacks', () => {
    const { route, params, search } = open('/customers?page=0&limit=20&search=Ana');
    const current = { route, params, search, title: route.titleFor(search) };
    const { result } = renderHook(() => useValidatedSearch(customersSearch), {
      wrapper: ({ children }) => <CurrentRouteContext value={current}>{children}</CurrentRouteContext>,
    });
    expect(result.current).toEqual({ search: 'Ana', page: 1, limit: 20 });
  });
});

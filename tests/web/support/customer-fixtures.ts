import type { Customer } from '../../../contracts/customers';

let made = 0;

/** A customer as the server answers it; Ana Souza of São Paulo unless overridden. */
export function customer(overrides: Partial<Customer> = {}): Customer {
  made++;
  return {
    id: `c-${made}`,
    name: 'Ana Souza',
    phone: '5511987654321',
    email: 'ana@exemplo.com.br',
    notes: null,
    tags: [],
    source: null,
    createdAt: '2030-01-10T12:00:00.000Z',
    updatedAt: '2030-01-10T12:00:00.000Z',
    lastContactAt: null,
    ...overrides,
  };
}

/** A page of GET /api/customers (the `data` of its answer): these customers, and no more unless said. */
export function customersPage(customers: Customer[], hasNextPage = false) {
  return { customers, totalCount: customers.length, totalCountExact: true, endCursor: null, hasNextPage };
}

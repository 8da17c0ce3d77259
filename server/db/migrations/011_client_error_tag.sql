-- Reports from the client's error tracker name where the error happened ("customer.create", …);
-- rendering errors have none.
ALTER TABLE client_errors ADD COLUMN tag text;

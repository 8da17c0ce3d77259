-- An import of a file, recorded by its first batch (server/modules/customers/import-customers.ts):
-- the file's hash recognises the same file chosen again (after a reload), and its rows, batch size
-- and column mapping make the resumed import send the same batches under the same import id, so the
-- batches already done write nothing. Cleared with its batches after 30 days.
CREATE TABLE customer_imports (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  import_id text NOT NULL CHECK (length(import_id) = 36),
  file_hash text NOT NULL CHECK (file_hash ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  row_count integer NOT NULL CHECK (row_count > 0),
  batch_size integer NOT NULL CHECK (batch_size > 0),
  mapping jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, import_id)
);

CREATE INDEX customer_imports_file ON customer_imports (company_id, file_hash, created_at DESC);

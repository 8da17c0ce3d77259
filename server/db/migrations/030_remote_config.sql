-- Remote configuration served by this server when the client has no Firebase project (issue 16): one
-- row per parameter set, the same for every company (as Firebase's would be). A parameter without a
-- row takes the app's in-code default.
CREATE TABLE remote_config_parameters (
  key text PRIMARY KEY CHECK (key IN (
    'mgm_page', 'mgm_page_config', 'mgm_config', 'charge_with_nu_uri_web', 'why_charge_with_nu_uri'
  )),
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

/** The name a company goes by in the team's screens and e-mails, as SQL over `companies` aliased `alias`. */
export const companyDisplayName = (alias: string) =>
  `COALESCE(NULLIF(btrim(${alias}.name), ''), NULLIF(btrim(${alias}.business_name), ''), 'Nome da empresa')`;

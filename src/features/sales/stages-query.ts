import { queryOptions } from '@tanstack/react-query';
import { listStagesContract } from '../../../contracts/sales';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { salesQueryKeys } from './sales-board-query';

/** The company's stages, in board order (the deal form's select, "Etapas"). */
export const stagesQuery = queryOptions({
  queryKey: salesQueryKeys.stages,
  queryFn: ({ signal }) =>
    api
      .get(listStagesContract.url, { schema: listStagesContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.stages),
});

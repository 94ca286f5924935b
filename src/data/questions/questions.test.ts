import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../query-client.ts';
import { eventQuestionsQuery, questionsChanged } from './questions.ts';

afterEach(() => queryClient.clear());

describe('after staff change an event’s questions', () => {
  it('the form members fill is asked again for that event, and only that one', async () => {
    const changed = eventQuestionsQuery('e1').queryKey;
    const other = eventQuestionsQuery('e2').queryKey;
    queryClient.setQueryData(changed, []);
    queryClient.setQueryData(other, []);

    await questionsChanged('e1');

    expect(queryClient.getQueryState(changed)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });
});

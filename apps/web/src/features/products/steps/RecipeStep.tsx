/**
 * Step 3, recipe: the steps the machine runs, checked live against the family's parameter ranges
 * (the check the server runs), with every problem listed above the steps as the server words it
 * ('Step 1: Temperature 120 is outside 80–96 °C'); tea recipes add their three segments.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyStep, makesSomething, type StepDraft } from '../product-draft';
import RecipeStepCard from './RecipeStepCard';
import { RECIPE_ACTIONS } from './recipe-actions';
import { replaceAt, type StepProps } from './step-props';
import TeaSegmentsEditor from './TeaSegmentsEditor';
import { Button } from '../../../components/Button';

interface Props extends StepProps {
  rangesLoading: boolean;
}

function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const next = [...list];
  const to = from + by;
  if (to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export default function RecipeStep({ draft, update, errors, messages, ctx, rangesLoading }: Props) {
  const { t } = useTranslation();
  const family = draft.family;
  if (!family) return <Empty description={t('productFlow.recipe.familyFirst')} />;
  const ranges = (ctx.ranges ?? []).filter((r) => r.family === family);
  // Missing values are marked at their fields; what needs reading (ranges, segments …) is listed here.
  const problems = [...new Set(messages.filter((m) => m.key !== 'msg.required').map((m) => m.text))];
  const setSteps = (change: (steps: StepDraft[]) => StepDraft[]) =>
    update((d) => ({ ...d, steps: change(d.steps) }));

  return (
    <Spin spinning={rangesLoading}>
      <Typography.Paragraph type="secondary">
        {t(makesSomething(draft) ? 'productFlow.recipe.hint' : 'productFlow.recipe.snackHint', {
          family: t(`resources.product.values.family.${family}`),
        })}
      </Typography.Paragraph>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="product-flow-alert"
          data-testid="recipe-problems"
          title={t('productFlow.recipe.problems')}
          description={
            <ul className="product-flow-problems">
              {problems.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      {draft.steps.map((step, i) => (
        <RecipeStepCard
          key={i}
          index={i}
          count={draft.steps.length}
          step={step}
          actions={RECIPE_ACTIONS[family]}
          ranges={ranges}
          errors={errors}
          onChange={(next) => setSteps((steps) => replaceAt(steps, i, next))}
          onRemove={() => setSteps((steps) => steps.filter((_, j) => j !== i))}
          onMove={(by) => setSteps((steps) => moved(steps, i, by))}
        />
      ))}
      <Button
        icon={<PlusOutlined />}
        className="product-flow-add"
        guardMs={0}
        onClick={() => setSteps((steps) => [...steps, emptyStep()])}
        disabled={draft.steps.length >= 30}
      >
        {t('productFlow.recipe.addStep')}
      </Button>
      {family === 'tea' && (
        <TeaSegmentsEditor
          segments={draft.segments}
          onChange={(segments) => update((d) => ({ ...d, segments }))}
        />
      )}
    </Spin>
  );
}

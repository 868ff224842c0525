/**
 * The product flow (spec §2, §3): one wizard for every product family and for create, copy and
 * edit — product information → materials → recipe → recipe combination → accessories. The route
 * decides the families and the mode (wizard-routes.ts); the state, the checks and the draft kept in
 * local storage live in use-product-wizard.ts.
 */
import { Alert, Card, Form, Result, Skeleton, Space, Steps, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STEPS } from './product-steps';
import AccessoriesStep from './steps/AccessoriesStep';
import CombosStep from './steps/CombosStep';
import InfoStep from './steps/InfoStep';
import MaterialsStep from './steps/MaterialsStep';
import RecipeStep from './steps/RecipeStep';
import { FieldIdScope, type StepProps } from './steps/step-props';
import { useProductWizard } from './use-product-wizard';
import { PRODUCT_LIST_PATH, WIZARD_TITLES, type WizardRouteName } from './wizard-routes';
import { Button } from '../../components/Button';
import './product-flow.css';

export default function ProductWizard({ route }: { route: WizardRouteName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wizard = useProductWizard(route);
  const { state, config } = wizard;

  if (wizard.missing)
    return (
      <Result
        status="info"
        title={t('productFlow.noProduct')}
        extra={
          <Button type="primary" onClick={() => navigate(PRODUCT_LIST_PATH)} guardMs={0}>
            {t('productFlow.toList')}
          </Button>
        }
      />
    );
  if (!state) return <Skeleton active className="page-card" />;

  const { draft, step } = state;
  const last = STEPS.length - 1;
  const messages = wizard.messagesOf(step);
  const errors: Record<string, string> = {};
  for (const m of messages) errors[m.path] ??= m.text;
  const props: StepProps = {
    draft,
    update: wizard.update,
    errors,
    messages,
    ctx: wizard.ctx,
    mode: config.mode,
    merchantScope: draft.merchantId ?? undefined,
  };
  const body: Record<(typeof STEPS)[number], ReactNode> = {
    info: <InfoStep {...props} />,
    materials: <MaterialsStep {...props} />,
    recipe: <RecipeStep {...props} rangesLoading={wizard.rangesLoading} />,
    combos: <CombosStep {...props} />,
    accessories: <AccessoriesStep {...props} />,
  };
  const title = t(WIZARD_TITLES[route]);
  // Editing may save from any step; a new product is saved once every step has been through. Both
  // wait for the family's parameter ranges: the recipe cannot be checked without them.
  const canSave = config.mode === 'edit' || step === last;

  return (
    <FieldIdScope.Provider value={route}>
      <Card
        className="page-card product-flow"
        title={
          <Typography.Title level={2} className="resource-title">
            {config.mode === 'create' ? title : `${title} · ${draft.name || draft.code}`}
          </Typography.Title>
        }
      >
        {state.restoredAt && (
          <Alert
            type="info"
            showIcon
            closable
            onClose={wizard.closeNotice}
            className="product-flow-alert"
            data-testid="draft-notice"
            title={t('productFlow.draft.restored', {
              time: dayjs(state.restoredAt).format('YYYY-MM-DD HH:mm'),
            })}
            action={
              <Button size="small" danger onClick={wizard.discard} data-testid="discard-draft">
                {t('productFlow.draft.discard')}
              </Button>
            }
          />
        )}
        <Steps
          className="product-flow-steps"
          current={step}
          onChange={wizard.goTo}
          items={STEPS.map((key, i) => ({
            title: t(`productFlow.steps.${key}`),
            status:
              i === step ? 'process' : wizard.messagesOf(i).length ? 'error' : i < step ? 'finish' : 'wait',
          }))}
        />
        <Form
          layout="vertical"
          component="div"
          className="product-flow-body"
          data-testid={`product-step-${STEPS[step]}`}
        >
          <Typography.Title level={3} className="product-flow-step-title">
            {t('productFlow.stepHeading', {
              index: step + 1,
              count: STEPS.length,
              name: t(`productFlow.steps.${STEPS[step]}`),
            })}
          </Typography.Title>
          {body[STEPS[step]]}
        </Form>
        <Space className="product-flow-footer" wrap>
          {step > 0 && (
            <Button onClick={() => wizard.goTo(step - 1)} guardMs={0}>
              {t('productFlow.back')}
            </Button>
          )}
          {step < last && (
            <Button
              type={canSave ? 'default' : 'primary'}
              onClick={() => wizard.goTo(step + 1)}
              disabled={wizard.rangesLoading}
              data-testid="flow-next"
              // Moving between steps sends nothing: the user may step through quickly.
              guardMs={0}
            >
              {t('productFlow.next')}
            </Button>
          )}
          {canSave && (
            <Button
              type="primary"
              loading={wizard.saving}
              disabled={wizard.rangesLoading}
              onClick={() => void wizard.save()}
              data-testid="flow-save"
            >
              {t('common.save')}
            </Button>
          )}
        </Space>
      </Card>
    </FieldIdScope.Provider>
  );
}

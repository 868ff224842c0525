/**
 * The data center's extraction estimate (`/dataCenter-extractionEstimate`, issue 17 §3): a merchant
 * describes one cup as a coffee machine reports it — dose, extraction time, the water as a flow, a
 * water in or a cup volume, the soak and the temperature — for a machine (its merchant and model)
 * and a recipe, and sees what the data center makes of it. The server estimates with the profile and
 * calibration of that machine and recipe (`POST /api/coffee/extraction-profile/estimate`, nothing
 * stored); this page only shows what it answers.
 */
import { Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialEstimateAnswer, TrialEstimateBody } from '@brewfleet/contracts/extraction-estimate';
import { Button } from '../../components/Button';
import { useRefOptions } from '../../resources/use-ref-options';
import EstimateResult from './EstimateResult';
import { estimateApi } from './estimate-api';
import './extraction-estimate.css';

/** How the water of the cup is given: each of the three gives the other two. */
const VOLUME_FIELDS = { flow: 'extractionFlowMlPerS', water: 'waterG', cup: 'cupG' } as const;
type VolumeBy = keyof typeof VOLUME_FIELDS;

interface Values {
  deviceId?: string;
  productCode?: string;
  powderG?: number | null;
  extractionS?: number | null;
  volumeBy: VolumeBy;
  volume?: number | null;
  soakFlowMlPerS?: number | null;
  soakTimeS?: number | null;
  temperatureC?: number | null;
}

/** The body the server takes: what was filled in, nothing empty. */
export function estimateBody(values: Values): TrialEstimateBody {
  const given = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);
  const body = {
    deviceId: values.deviceId!,
    productCode: values.productCode?.trim() || undefined,
    powderG: values.powderG!,
    extractionS: values.extractionS!,
    [VOLUME_FIELDS[values.volumeBy]]: values.volume!,
    soakFlowMlPerS: given(values.soakFlowMlPerS),
    soakTimeS: given(values.soakTimeS),
    temperatureC: given(values.temperatureC),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as TrialEstimateBody;
}

export default function ExtractionEstimatePage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`extractionEstimate.${key}`);
  const [form] = Form.useForm<Values>();
  const volumeBy = Form.useWatch('volumeBy', form) ?? 'flow';
  const machines = useRefOptions('device', true, { family: 'coffee' });
  const [result, setResult] = useState<TrialEstimateAnswer | null>(null);

  const estimate = async (values: Values) => {
    try {
      setResult(await estimateApi.estimate(estimateBody(values)));
    } catch {
      // toasted by the client
    }
  };
  const required = (label: string, key = 'validation.required') => [
    { required: true, message: t(key, { field: label }) },
  ];
  const number = (field: keyof Values, max: number, step: number, placeholder?: string) => (
    <Form.Item
      name={field}
      label={k(`fields.${field}`)}
      rules={placeholder ? [] : required(k(`fields.${field}`))}
    >
      <InputNumber className="estimate-field" min={0} max={max} step={step} placeholder={placeholder} />
    </Form.Item>
  );

  return (
    <Card title={k('title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{k('intro')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ volumeBy: 'flow' }}
          onFinish={estimate}
          // A flow is no water in: the number typed for one is not kept for the other.
          onValuesChange={(changed: Partial<Values>) => {
            if (changed.volumeBy) form.setFieldValue('volume', undefined);
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="deviceId"
                label={k('fields.deviceId')}
                rules={required(k('fields.deviceId'), 'validation.requiredSelect')}
              >
                <Select
                  placeholder={k('chooseMachine')}
                  options={machines.data}
                  loading={machines.isLoading}
                  showSearch
                  optionFilterProp="label"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="productCode" label={k('fields.productCode')}>
                <Input maxLength={64} placeholder={k('anyRecipe')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              {number('powderG', 40, 0.1)}
            </Col>
            <Col xs={24} sm={12} md={6}>
              {number('extractionS', 3600, 1)}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={k('fields.volumeBy')} required>
                <Space wrap>
                  <Form.Item name="volumeBy" noStyle>
                    <Radio.Group
                      optionType="button"
                      aria-label={k('fields.volumeBy')}
                      options={(Object.keys(VOLUME_FIELDS) as VolumeBy[]).map((by) => ({
                        value: by,
                        label: k(`volumeBy.${by}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name="volume" noStyle rules={required(k(`fields.${VOLUME_FIELDS[volumeBy]}`))}>
                    <InputNumber
                      aria-label={k(`fields.${VOLUME_FIELDS[volumeBy]}`)}
                      placeholder={k(`fields.${VOLUME_FIELDS[volumeBy]}`)}
                      min={0}
                      max={volumeBy === 'flow' ? 100 : 5000}
                      step={volumeBy === 'flow' ? 0.05 : 1}
                      style={{ minWidth: 180 }}
                    />
                  </Form.Item>
                </Space>
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              {number('soakFlowMlPerS', 100, 0.05, k('noSoak'))}
            </Col>
            <Col xs={24} sm={8}>
              {number('soakTimeS', 120, 1, k('noSoak'))}
            </Col>
            <Col xs={24} sm={8}>
              {number('temperatureC', 110, 0.5, k('referenceTemperature'))}
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" data-testid="estimate-calculate">
            {k('calculate')}
          </Button>
        </Form>
        {result && <EstimateResult result={result} />}
      </Space>
    </Card>
  );
}
